-- Step 5: alpha and cooling. Every force is scaled by alpha, the temperature. alpha starts at 1 and each tick
-- moves a share alphaDecay of the way to alphaTarget (0); sim:run stops when alpha < alphaMin (0.001), which with
-- the default alphaDecay (0.0228) takes 300 ticks. Cool too fast and the layout freezes before it has untangled;
-- cool slowly and it has time to. A 10 × 10 grid starts tangled on the spiral: count its edge crossings.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local series = {}
local default = 1 - 0.001 ^ (1 / 300)          -- d3's alphaDecay: 300 ticks from 1 to 0.001
for _, decay in ipairs{0.1, default, 0.005} do
  local g = fl.graph.generate("grid", {rows = 10, columns = 10})
  local sim = fl.simulation(g, {alphaDecay = decay})
  sim:force("link", fl.force.link{})
  sim:force("charge", fl.force.manyBody{})
  sim:force("center", fl.force.center{})
  local recording = sim:record{frames = false}
  local ticks = sim:run()
  print(string.format("alphaDecay %-9.3g %5d ticks, %4d crossings", decay, ticks, fl.metrics(g).crossings))
  fl.svg.graph(g, string.format("%s/05-cooling-%.3g.svg", out, decay),
    {title = string.format("alphaDecay %.3g: %d ticks", decay, ticks), width = 360, height = 360, strokeWidth = 0.5})
  series[#series + 1] = {name = string.format("alphaDecay %.3g", decay), y = recording:series("alpha")}
end
fl.svg.plot(out .. "/05-cooling-alpha.svg", {series = series, title = "alpha per tick", xLabel = "tick",
  yLabel = "alpha", yScale = "log", width = 560, height = 320})
