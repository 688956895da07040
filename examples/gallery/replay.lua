-- A replay: a recorded simulation written as one self-contained HTML page (open replay.html in a browser:
-- play/pause, a tick slider, pan and zoom, hover for a node's data, click for its neighbours), with snapshots
-- of four of its ticks and a plot of its alpha and kinetic energy.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("stochasticBlock", {clusters = 4, size = 15, pIn = 0.3, pOut = 0.01, seed = 3})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -50})
sim:force("center", fl.force.center{})

local snapshots = {[1] = true, [15] = true, [60] = true, [300] = true}
local function snapshot(tick)
  fl.svg.graph(g, string.format("%s/replay-tick-%03d.svg", out, tick), {title = "tick " .. tick,
    width = 240, height = 240, viewport = {zoom = 0.35, x = 120, y = 130}, radius = 10, strokeWidth = 0.5,
    legend = false, labels = false})
end
local recording = sim:record{every = 3}
sim:run{onTick = function(_, tick) if snapshots[tick] then snapshot(tick) end end}
print(tostring(recording))

fl.svg.plot(out .. "/replay-alpha-energy.svg", {recording = recording, title = "Cooling and settling",
  series = {"energy", {name = "alpha", axis = "right"}}, yLabel = "kinetic energy", y2Label = "alpha",
  yScale = "log", width = 560, height = 300})
fl.html.replay(recording, out .. "/replay.html", {title = "Four clusters settling"})
