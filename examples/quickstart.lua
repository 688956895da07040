-- Quickstart: build a small graph, lay it out with d3's default forces, measure it, draw it.
-- Run: ./scripts/run examples/quickstart.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- Two rings of six joined by a bridge; the group field picks the colours.
local g = fl.graph.new()
for ring = 1, 2 do
  for i = 1, 6 do
    g:addNode{id = ring .. "." .. i, data = {group = ring}}
  end
  for i = 1, 6 do
    g:addEdge{source = ring .. "." .. i, target = ring .. "." .. (i % 6 + 1)}
  end
end
g:addEdge{source = "1.1", target = "2.1"}

local sim = fl.simulation(g, {seed = 1})
sim:force("link", fl.force.link{distance = 40})
sim:force("charge", fl.force.manyBody{strength = -120})
sim:force("center", fl.force.center{x = 0, y = 0})
local ticks, why = sim:run()
print(string.format("%s: %d ticks (%s)", tostring(g), ticks, why))

local m = fl.metrics(g)
print(string.format("edge length %.1f (cv %.3f), crossings %d", m.edgeLengthMean, m.edgeLengthCV, m.crossings))

fl.svg.graph(g, out .. "/quickstart.svg", {title = "Two rings", labels = true})
print("wrote " .. out .. "/quickstart.svg")
