-- Step 11: measuring layouts. fl.metrics gives figures of a layout's quality (docs/metrics.md): stress (do
-- distances in the picture follow distances in the graph? lower is better), edge crossings, the spread of
-- edge lengths (cv), overlapping nodes, neighbourhood preservation (do a node's nearest neighbours in the
-- picture include its graph neighbours? higher is better) and the smallest angle between edges at a node.
-- Lay one graph out four ways and compare them on a radar chart, each axis scaled to its own range.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function simulate(configure)
  return function(g)
    local sim = fl.simulation(g)
    sim:force("link", fl.force.link{})
    sim:force("charge", fl.force.manyBody{})
    sim:force("center", fl.force.center{})
    configure(sim)
    sim:run()
  end
end

local layouts = {
  {name = "d3 defaults", run = simulate(function() end)},
  {name = "charge -120", run = simulate(function(sim) sim:force("charge"):strength(-120) end)},
  {name = "fast cooling", run = simulate(function(sim) sim:alphaDecay(0.1) end)},
  {name = "stress majorization", run = function(g) fl.layout.stress(g) end},
}
local names = {"stress", "crossings", "edgeLengthCV", "overlaps", "neighbourhoodPreservation", "minAngle"}
-- Each axis says which way is better under its name (better = "lower": nearer the centre).
local axes = {
  {name = "stress", better = "lower"}, {name = "crossings", better = "lower"},
  {name = "edge length cv", better = "lower"}, {name = "overlaps", better = "lower"},
  {name = "neighbourhood", better = "higher"}, {name = "min angle (°)", better = "higher"},
}
local series = {}
for _, layout in ipairs(layouts) do
  local g = fl.graph.generate("barabasiAlbert", {n = 80, m = 2, seed = 5})
  layout.run(g)
  local m, values = fl.metrics(g, {radius = 5}), {}
  for i, name in ipairs(names) do values[i] = m[name] end
  series[#series + 1] = {name = layout.name, values = values}
  print(string.format("%-20s stress %.3f  crossings %3d  cv %.3f  overlaps %2d  neighbourhood %.3f  min angle %.1f",
    layout.name, table.unpack(values)))
end
fl.svg.radar(out .. "/11-measure-radar.svg", {title = "Four layouts of one graph", axes = axes, series = series,
  scale = "perAxis", divisions = 4, width = 640, height = 520})
