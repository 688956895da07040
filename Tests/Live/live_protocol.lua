-- The session Tests/Live/test_live_protocol.py drives through fl.live's protocol: a small graph whose simulation
-- never cools (alphaDecay 0), a tick handler that adds a node at tick 20 (a change from the session), and
-- fl.live(sim, {wait = true}), after which it prints what the page left.
local g = fl.graph.generate("grid", {rows = 3, columns = 3})
local sim = fl.simulation(g, {alpha = 0.1, alphaDecay = 0})
sim:force("link", fl.force.link{distance = 25})
sim:force("charge", fl.force.manyBody{strength = -30})
local ticks = 0
sim:on("tick.test", function()
  ticks = ticks + 1
  if ticks == 20 then g:addNode{id = "late"} end
end)
fl.live(sim, {wait = true, fps = 120, fill = function(node) return node.id == "late" and "#ff0000" or "#0000ff" end})
local first = g:node(sim:nodes()[1].id)
print(string.format("fx=%s fy=%s strength=%s forces=%s distance=%s nodes=%d", first.fx, first.fy,
  sim:force("charge"):strength(), table.concat(sim:forces(), ","), sim:force("link"):distance(), #sim:nodes()))
