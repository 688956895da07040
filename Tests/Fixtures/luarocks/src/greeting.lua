-- A pure-Lua module, installed by luarocks into a tree's share/lua/5.4.
local greeting = {}

function greeting.hello(name)
  return "hello " .. name
end

return greeting
