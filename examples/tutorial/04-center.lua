-- Step 4: + center. Link and many-body forces push nodes against each other: nothing pulls the graph as a whole
-- anywhere, so where it settles depends on where it started. The center force shifts all nodes together, each
-- tick, so that their mean is the centre (the origin by default). It does not change the shape.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- The origin is the middle of both pictures: a pixel is world × 0.6 + (240, 180).
local view = {zoom = 0.6, x = 240, y = 180}
for _, withCenter in ipairs{false, true} do
  local g = fl.graph.generate("tree", {n = 31, branching = 2})
  for node in g:nodes() do            -- start every node 150 to the right and 100 down
    node.x, node.y = 150 + (node.index % 6) * 10, 100 + (node.index // 6) * 10
  end
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{distance = 30})
  sim:force("charge", fl.force.manyBody{strength = -30})
  if withCenter then sim:force("center", fl.force.center{x = 0, y = 0}) end
  sim:run()

  local mx, my = 0, 0
  for node in g:nodes() do mx, my = mx + node.x / #g, my + node.y / #g end
  local name = withCenter and "with-center" or "without-center"
  print(string.format("%-14s mean position (%.1f, %.1f)", name, mx, my))
  fl.svg.graph(g, out .. "/04-center-" .. name .. ".svg", {title = "Link + many-body, " .. name:gsub("-", " "),
    viewport = view, labels = false, width = 480, height = 360})
end
