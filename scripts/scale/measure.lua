-- Prints "stress neighbourhoodPreservation" of the layout in a graph file (fl.metrics: 200 sampled breadth-first
-- sources, seed 1, the same for every method): forcelab measure.lua FILE.
local g = forcelab.graph.load(arg[1])
local m = forcelab.metrics(g, {only = {"stress", "neighbourhoodPreservation"}})
print(string.format("%.4f %.3f", m.stress, m.neighbourhoodPreservation))
