-- A force written in Lua: keep every node inside a box. d3 has no such force; this one pushes a node back
-- by how far it is outside the box, scaled by alpha as d3's forces are, so a graph fills a banner-shaped
-- picture instead of a disc. Charge spreads the nodes; the walls are soft, so the outermost overshoot a little.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function box(left, top, right, bottom, strength)
  return function(alpha, nodes)
    for _, node in ipairs(nodes) do
      if node.x < left then node.vx = node.vx + (left - node.x) * strength * alpha end
      if node.x > right then node.vx = node.vx + (right - node.x) * strength * alpha end
      if node.y < top then node.vy = node.vy + (top - node.y) * strength * alpha end
      if node.y > bottom then node.vy = node.vy + (bottom - node.y) * strength * alpha end
    end
  end
end

local g = fl.graph.generate("barabasiAlbert", {n = 150, m = 1, seed = 4})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -60})
sim:force("box", box(-330, -90, 330, 90, 1))
sim:run()

local width, height = 0, 0
for node in g:nodes() do width, height = math.max(width, math.abs(node.x)), math.max(height, math.abs(node.y)) end
print(string.format("the layout spans %.0f × %.0f", 2 * width, 2 * height))
fl.svg.graph(g, out .. "/lua-force.svg", {title = "A tree of 150 nodes pushed back into a 660 × 180 box by a Lua force",
  width = 800, height = 300, viewport = {zoom = 1, x = 400, y = 160}, labels = false})
