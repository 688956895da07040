-- Communities of Les Misérables' co-appearances, found by the Louvain method (seeded, so the same every run) and
-- drawn as the colours of a force layout; the title gives their number and the partition's modularity. The k-core
-- numbers go in the same graph, for a second picture in which the densest core stands out.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("miserables")
local count, modularity = fl.graph.communities(g, {seed = 1})
local deepest = fl.graph.cores(g)
print(string.format("%d communities, modularity %.3f; the innermost core is the %d-core", count, modularity, deepest))

local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -40})
sim:force("center", fl.force.center{})
sim:run()

local picture = {width = 640, height = 520, radius = 6, strokeWidth = 0.6, edgeOpacity = 0.3}
picture.title = string.format("Les Misérables: %d communities (Louvain), modularity %.3f", count, modularity)
picture.group, picture.legendTitle = "community", "community"
fl.svg.graph(g, out .. "/communities.svg", picture)
picture.title = string.format("Les Misérables: k-core numbers (innermost: the %d-core)", deepest)
picture.group, picture.legendTitle = "core", "core number"
fl.svg.graph(g, out .. "/communities-cores.svg", picture)
