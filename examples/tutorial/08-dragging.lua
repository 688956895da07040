-- Step 8: fixing and dragging nodes. sim:fix(id, x, y) pins a node (d3's fx, fy): the forces still push on it,
-- but it stays put, and the others arrange themselves around it. Dragging is fixing, tick after tick, at the
-- pointer's position; while a drag lasts, d3 raises alphaTarget (to 0.3) so the layout stays warm and follows,
-- and sets it back to 0 on release so the layout cools and settles again.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("grid", {rows = 6, columns = 6})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{})
sim:force("center", fl.force.center{})
sim:run()

-- Fixed nodes get a thick dark outline.
local function picture(name, title)
  fl.svg.graph(g, out .. "/08-dragging-" .. name .. ".svg", {title = title, width = 360, height = 360,
    stroke = function(node) return node.fx and "#222222" or "#ffffff" end,
    strokeWidth = 2.5, fill = function(node) return node.fx and "#e15759" or "#4e79a7" end})
end
picture("settled", "Settled")

-- Drag the corner node "0" 150 units left and 100 up, over 50 ticks, with the layout kept warm.
local corner = g:node("0")
local x0, y0 = corner.x, corner.y
sim:alphaTarget(0.3)
for step = 1, 50 do
  sim:fix("0", x0 - step * 3, y0 - step * 2)
  sim:tick()
end
print(string.format("while dragging: alpha %.3f", sim:alpha()))
picture("dragging", "Dragging node 0 (alphaTarget 0.3)")

-- Release: alphaTarget back to 0, the node stays pinned where it was dropped; the rest settles.
sim:alphaTarget(0)
local ticks = sim:run()
print(string.format("after release: %d ticks to settle, alpha %.4f", ticks, sim:alpha()))
picture("released", "Dropped and pinned, cooled")
