-- Step 6: collide. Nodes drawn as circles of different sizes overlap wherever the forces bring their centres
-- closer than their radii. The collide force treats each node as a disc and pushes overlapping discs apart, on
-- the positions they are about to take. Here each character's radius grows with its number of scenes shared.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function radius(node) return 3 + math.sqrt(node.degree) * 2 end

for _, withCollide in ipairs{false, true} do
  local g = fl.graph.generate("miserables")
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{})
  sim:force("charge", fl.force.manyBody{})
  sim:force("center", fl.force.center{})
  if withCollide then sim:force("collide", fl.force.collide{radius = function(node) return radius(node) + 1 end}) end
  sim:run()
  local name = withCollide and "with-collide" or "without-collide"
  print(string.format("%-15s %d overlapping pairs", name, fl.metrics(g, {radius = radius}).overlaps))
  fl.svg.graph(g, out .. "/06-collide-" .. name .. ".svg", {title = "Les Misérables, " .. name:gsub("-", " "),
    radius = radius, labels = false, width = 480, height = 400})
end
