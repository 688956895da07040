-- Prints what string.find, match, gmatch and gsub give for many random subjects and patterns, errors included:
-- run by the stock lua5.4 and by forcelab (whose matchers count their steps), the outputs must be equal.
local state = tonumber(arg and arg[1]) or 1
local function random(n)
  state = (state * 1103515245 + 12345) % 2147483648
  return state % n + 1
end
local atoms = {"a", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%x", "[ab]", "[^a]", "[a-c]", "[%d_]", "[]]",
  "[^]a]", "[a-]", "%b()", "%bab", "%f[%w]", "%f[%W]", "(", ")", "()", "%1", "%2", "*", "+", "-", "?", "^", "$",
  "%", "[", "]", "%%", "%.", "x", " ", "\0", "%z", "[%a-]", "[b-a]"}
local letters = {"a", "a", "b", "c", "(", ")", " ", "1", "_", ".", "%", "x", "$", "^", "\0", "\255", "A"}
local replacements = {"%0", "%1", "<%2>", "%%", "x", "%", "%a", "", "[%0]"}
local function text(pieces, count)
  local out = {}
  for i = 1, count do out[i] = pieces[random(#pieces)] end
  return table.concat(out)
end
local function show(ok, ...)
  local out = {tostring(ok)}
  for i = 1, select("#", ...) do
    local value, bytes = tostring((select(i, ...))), {}
    for k = 1, #value do  -- printable ASCII as it is, other bytes as \ddd (so the output is UTF-8)
      local b = value:byte(k)
      bytes[k] = (b >= 32 and b < 127 and b ~= 92) and string.char(b) or ("\\" .. b)
    end
    out[#out + 1] = "'" .. table.concat(bytes) .. "'"
  end
  return table.concat(out, " ")
end
local cases = tonumber(arg and arg[2]) or 3000
for case = 1, cases do
  local s = text(letters, random(12) - 1)
  local p = text(atoms, random(6) - 1)
  local init = ({nil, 1, 2, -1, -3, 0, 20})[random(7)]
  print(case, show(pcall(string.find, s, p, init)))
  print(case, show(pcall(string.find, s, p, init, random(4) == 1)))
  print(case, show(pcall(string.match, s, p, init)))
  print(case, show(pcall(function()
    local all = {}
    for a, b in string.gmatch(s, p, init) do all[#all + 1] = tostring(a) .. "," .. tostring(b) end
    return table.concat(all, ";")
  end)))
  local repl = ({replacements[random(#replacements)], {a = "A", ["("] = false, b = 1}, function(x, y) return y or (x == "a" and "Z") end, 3})[random(4)]
  print(case, show(pcall(string.gsub, s, p, repl, ({nil, 1, 2, 0, -1})[random(5)])))
end
