-- Step 3: + many-body. Every node now repels every other (strength -30: negative means repulsion), as
-- charged particles do, and the springs keep neighbours close: the tree unfolds.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("tree", {n = 31, branching = 2})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{distance = 30})
sim:force("charge", fl.force.manyBody{strength = -30})

-- Before the first tick: now every node is pushed outwards as well.
sim:tick(0)
fl.svg.graph(g, out .. "/03-many-body-start.svg", {title = "Tick 0: springs + charge", simulation = sim,
  arrows = "force", labels = false, width = 480, height = 360})

local ticks = sim:run()

local m = fl.metrics(g, {radius = 5})
print(string.format("%d ticks: edge length %.1f (cv %.3f), %d pairs of nodes overlap, %d crossing%s",
  ticks, m.edgeLengthMean, m.edgeLengthCV, m.overlaps, m.crossings, m.crossings == 1 and "" or "s"))
fl.svg.graph(g, out .. "/03-many-body.svg", {title = "Link + many-body", labels = false, width = 480, height = 360})
