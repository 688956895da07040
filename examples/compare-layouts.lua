-- One graph laid out three ways (d3 defaults; + collide; + radial), compared on layout-quality metrics
-- drawn on one radar chart.
-- Run: ./scripts/run examples/compare-layouts.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local variants = {
  {name = "defaults", extra = function() end},
  {name = "collide", extra = function(sim) sim:force("collide", fl.force.collide{radius = 10}) end},
  {name = "radial", extra = function(sim) sim:force("radial", fl.force.radial{radius = 120, strength = 0.2}) end},
}

local metrics = {"stress", "crossings", "edgeLengthCV", "overlaps", "neighbourhoodPreservation", "minAngle"}
local labels = {
  {name = "stress", better = "lower"}, {name = "edge crossings", better = "lower"},
  {name = "edge length CV", better = "lower"}, {name = "node overlaps", better = "lower"},
  {name = "neighbourhood preservation", better = "higher"}, {name = "minimum angle (°)", better = "higher"},
}
local series = {}
for _, variant in ipairs(variants) do
  local g = fl.graph.generate("barabasiAlbert", {n = 120, m = 2, seed = 3})
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{})
  sim:force("charge", fl.force.manyBody{})
  sim:force("center", fl.force.center{})
  variant.extra(sim)
  sim:run()
  local m = fl.metrics(g, {radius = 8})
  local values = {}
  for i, metric in ipairs(metrics) do values[i] = m[metric] end
  series[#series + 1] = {name = variant.name, values = values}
  print(string.format("%-9s stress %.3f  crossings %4d  edge cv %.3f  overlaps %3d  neighbourhood %.3f  min angle %.1f",
    variant.name, table.unpack(values)))
  fl.svg.graph(g, out .. "/layout-" .. variant.name .. ".svg",
               {title = "Barabási–Albert graph, " .. variant.name, radius = 8})
end

fl.svg.radar(out .. "/compare-layouts.svg", {
  title = "Layout quality (each axis scaled to its own range)",
  axes = labels, series = series, scale = "perAxis", divisions = 4,
})
print("wrote " .. out .. "/compare-layouts.svg")
