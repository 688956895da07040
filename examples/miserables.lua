-- Les Misérables co-appearance network laid out exactly as d3-force lays it out (same defaults, same
-- placement, same random source), with its layout figures and a picture coloured by group.
-- Run: ./scripts/run examples/miserables.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("miserables")
print(tostring(g))

local sim = fl.simulation(g)
sim:force("link", fl.force.link{})          -- d3 defaults: distance 30, strength 1 / min(degree)
sim:force("charge", fl.force.manyBody{})    -- strength -30, theta 0.9
sim:force("center", fl.force.center{})
local ticks = sim:run()

local valjean = g:node("Valjean")
print(string.format("after %d ticks: Valjean at (%.3f, %.3f), alpha %.6f", ticks, valjean.x, valjean.y, sim:alpha()))

local m = fl.metrics(g)
for _, name in ipairs{"stress", "crossings", "edgeLengthMean", "edgeLengthCV", "minAngle", "overlaps",
                      "neighbourhoodPreservation"} do
  print(string.format("%-26s %.4f", name, m[name]))
end

fl.svg.graph(g, out .. "/miserables.svg", {
  title = "Les Misérables", width = 900, height = 700,
  radius = function(node) return 3 + math.sqrt(node.degree) end,
  edgeWidth = 0.8,
})
g:save(out .. "/miserables-layout.json")
print("wrote " .. out .. "/miserables.svg and " .. out .. "/miserables-layout.json")
