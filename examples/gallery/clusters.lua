-- Clusters from a stochastic block model: six planted groups of 40 nodes, dense inside (20 % of pairs linked)
-- and sparse across (0.2 %). d3's default forces find them with no hint of the groups: the colours are drawn
-- from data.group only after the layout.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("stochasticBlock", {clusters = 6, size = 40, pIn = 0.2, pOut = 0.002, seed = 11})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -60})
sim:force("center", fl.force.center{})
sim:run()

local m = fl.metrics(g)
print(string.format("%s: stress %.3f, neighbourhood preservation %.3f", tostring(g), m.stress,
                    m.neighbourhoodPreservation))
fl.svg.graph(g, out .. "/clusters.svg", {title = "Six planted clusters, found by d3's forces",
  width = 640, height = 520, radius = 5, strokeWidth = 0.5, edgeOpacity = 0.35, legendTitle = "planted group"})
