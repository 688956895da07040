-- A radar chart comparing layouts: Les Misérables laid out five ways — d3's forces exact and in the fast
-- mode, from a random start, with collide, and by stress majorization — measured by fl.metrics.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function forces(options, extra)
  return function(g)
    local sim = fl.simulation(g, options)
    sim:force("link", fl.force.link{})
    sim:force("charge", fl.force.manyBody{})
    sim:force("center", fl.force.center{})
    if extra then extra(sim) end
    sim:run()
  end
end
local layouts = {
  {"d3, exact", forces{}},
  {"d3, fast mode", forces{mode = "fast"}},
  {"random start", forces{placement = "random", seed = 7}},
  {"+ collide", forces({}, function(sim) sim:force("collide", fl.force.collide{radius = 8}) end)},
  {"stress majorization", function(g) fl.layout.stress(g) end},
}
local metrics = {"stress", "crossings", "edgeLengthCV", "overlaps", "neighbourhoodPreservation"}
local series = {}
for _, layout in ipairs(layouts) do
  local g = fl.graph.generate("miserables")
  layout[2](g)
  local m, values = fl.metrics(g, {radius = 6}), {}
  for i, name in ipairs(metrics) do values[i] = m[name] end
  series[#series + 1] = {name = layout[1], values = values}
  print(string.format("%-20s " .. string.rep("%10.3f", #values), layout[1], table.unpack(values)))
end
fl.svg.radar(out .. "/radar.svg", {title = "Les Misérables, five layouts", series = series, scale = "perAxis",
  axes = {{name = "stress", better = "lower"}, {name = "crossings", better = "lower"},
          {name = "edge length cv", better = "lower"}, {name = "overlaps (r = 6)", better = "lower"},
          {name = "neighbourhood preservation", better = "higher"}},
  divisions = 4, width = 640, height = 520, palette = "okabeIto"})
