-- Stock lua5.4 side: the same force over a list of node tables (form "tables") or over its own arrays (form
-- "arrays"). Mode "force" times the force loop alone; mode "tick" adds what a simulation tick also does in forcelab
-- (alpha step, velocity decay, integration).
local n, ticks, mode, form = tonumber(arg[1]), tonumber(arg[2]), arg[3] or "force", arg[4] or "tables"
local folder = arg[0]:match("(.*/)")
local alpha, decay = 1, 1 - 0.001 ^ (1 / 300)
local step -- one tick after the alpha step
if form == "arrays" then
  local force = dofile(folder .. "force-arrays.lua")
  local x, y, vx, vy = {}, {}, {}, {}
  for i = 0, n - 1 do
    local r, a = 10 * math.sqrt(0.5 + i), i * math.pi * (3 - math.sqrt(5))
    x[i + 1], y[i + 1], vx[i + 1], vy[i + 1] = r * math.cos(a), r * math.sin(a), 0, 0
  end
  step = function()
    force(alpha, x, y, vx, vy, n)
    if mode == "tick" then
      for i = 1, n do
        local u = vx[i] * 0.6; vx[i] = u; x[i] = x[i] + u
        local w = vy[i] * 0.6; vy[i] = w; y[i] = y[i] + w
      end
    end
  end
else
  local force = dofile(folder .. "force.lua")
  local nodes = {}
  for i = 0, n - 1 do
    local r, a = 10 * math.sqrt(0.5 + i), i * math.pi * (3 - math.sqrt(5))
    nodes[i + 1] = {index = i, id = tostring(i), x = r * math.cos(a), y = r * math.sin(a), vx = 0, vy = 0}
  end
  step = function()
    force(alpha, nodes)
    if mode == "tick" then
      for i = 1, n do
        local node = nodes[i]
        node.vx = node.vx * 0.6; node.x = node.x + node.vx
        node.vy = node.vy * 0.6; node.y = node.y + node.vy
      end
    end
  end
end
local function tick()
  alpha = alpha + (0 - alpha) * decay
  step()
end
tick(); tick()
local start = os.clock()
for _ = 1, ticks do tick() end
print(string.format("%.3f", (os.clock() - start) * 1000 / ticks))
