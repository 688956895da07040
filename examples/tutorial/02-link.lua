-- Step 2: the link force alone. Each edge is a spring of rest length 30: it pulls its two ends together when
-- they are farther apart and pushes them apart when closer. Nothing else acts, so nodes that share no edge
-- are free to pile up on each other.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("tree", {n = 31, branching = 2})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{distance = 30})
local ticks = sim:run()

local m = fl.metrics(g, {radius = 5})
print(string.format("%d ticks: edge length %.1f (cv %.3f), %d pairs of nodes overlap",
  ticks, m.edgeLengthMean, m.edgeLengthCV, m.overlaps))
fl.svg.graph(g, out .. "/02-link.svg", {title = "Link force alone", labels = false, width = 480, height = 360})
