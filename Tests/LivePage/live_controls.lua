-- The session the live page's control tests drive (Tests/LivePage/test_live_page.py, LiveControlsTests): forces
-- with an option of every kind the panel shows (numbers, integers, per-node values as a number and as a function,
-- choices, a boolean, a choice or vector, functions and edge lists; the center's z, which a 2D panel leaves out),
-- a tick handler that prints their values at every tick, and runs the Lua the test writes into the file given as
-- the first argument (a change from the session).
local commands = arg[1]
local g = fl.graph.generate("grid", {rows = 3, columns = 3})
local sim = fl.simulation(g, {alpha = 0.1, alphaDecay = 0})
sim:force("link", fl.force.link{distance = 30})
sim:force("charge", fl.force.manyBody{strength = -30})
sim:force("collide", fl.force.collide{radius = 5})
sim:force("x", fl.force.x{strength = function() return 0.05 end})
sim:force("flow", fl.force.flow{direction = "right", strength = 0.1})
sim:force("frames", fl.force.frames{})
sim:force("center", fl.force.center{})

local function show(value)
  if type(value) == "table" then return "{" .. table.concat(value, ",") .. "}" end
  return type(value) == "function" and "function" or tostring(value)
end
sim:on("tick.test", function()
  local file = commands and io.open(commands)
  if file then
    local code = file:read("a")
    file:close()
    os.remove(commands)
    assert(load(code, "command", "t", setmetatable({sim = sim}, {__index = _G})))()
  end
  print(string.format("STATE direction=%s shrinks=%s shape=%s iterations=%s x.strength=%s",
    show(sim:force("flow"):direction()), show(sim:force("frames"):shrinks()), show(sim:force("collide"):shape()),
    show(sim:force("collide"):iterations()), show(sim:force("x"):strength())))
  io.stdout:flush()
end)

fl.live(sim, {wait = true})
