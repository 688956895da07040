-- The session the live page's browser tests drive (Tests/LivePage/test_live_page.py): a small graph whose
-- simulation never cools (alphaDecay 0 at alpha 0.1), so that it ticks while the page is open, and a tick handler
-- that prints what the test checks in forcelab itself at every tick, and adds a node when the test asks for one
-- (by creating the file given as the first argument). fl.live waits until the page ends the session.
local flag = arg[1]
local g = fl.graph.generate("grid", {rows = 4, columns = 5})
local sim = fl.simulation(g, {alpha = 0.1, alphaDecay = 0})
sim:force("link", fl.force.link{distance = 30})
sim:force("charge", fl.force.manyBody{strength = -30})
sim:force("center", fl.force.center{})
local first, added = sim:nodes()[1].id, false

local function number(value) return value == nil and "nil" or string.format("%.6f", value) end
sim:on("tick.test", function()
  if flag and not added and io.open(flag) then
    g:addNode{id = "added"}
    g:addEdge{source = "added", target = first}
    added = true
  end
  local node, link = g:node(first), sim:force("link")
  print(string.format("STATE fx=%s fy=%s x=%s y=%s strength=%s forces=%s link.distance=%s nodes=%d alphaTarget=%s",
    number(node.fx), number(node.fy), number(node.x), number(node.y), number(sim:force("charge"):strength()),
    table.concat(sim:forces(), ","), link and number(link:distance()) or "none", #sim:nodes(), number(sim:alphaTarget())))
  io.stdout:flush()
end)

fl.live(sim, {wait = true})
print("ENDED nodes=" .. #sim:nodes())
