-- Step 3: + many-body. Every node now repels every other (strength -30: negative means repulsion), as
-- charged particles do, and the springs keep neighbours close: the tree unfolds.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("tree", {n = 31, branching = 2})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{distance = 30})
sim:force("charge", fl.force.manyBody{strength = -30})
local ticks = sim:run()

local m = fl.metrics(g, {radius = 5})
print(string.format("%d ticks: edge length %.1f (cv %.3f), %d pairs of nodes overlap, %d crossings",
  ticks, m.edgeLengthMean, m.edgeLengthCV, m.overlaps, m.crossings))
fl.svg.graph(g, out .. "/03-many-body.svg", {title = "Link + many-body", labels = false, width = 480, height = 360})
