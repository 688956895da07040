-- Record a simulation tick by tick, plot its alpha and kinetic energy, and write a self-contained HTML
-- replay (play/pause, tick slider, pan and zoom, hover for a node's data, click for its neighbours).
-- Run: ./scripts/run examples/replay.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("stochasticBlock", {clusters = 3, size = 20, pIn = 0.2, pOut = 0.01, seed = 2})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -50})
sim:force("center", fl.force.center{})

local recording = sim:record{every = 2, values = {
  spread = function() -- mean distance from the origin
    local total = 0
    for node in g:nodes() do total = total + math.sqrt(node.x ^ 2 + node.y ^ 2) end
    return total / g:nodeCount()
  end,
}}
local ticks = sim:run()
print(tostring(recording))
local energy = recording:series("energy")
print(string.format("%d ticks; energy at tick 10 %.3f, at the end %.6f", ticks, energy[10], energy[#energy]))

fl.svg.plot(out .. "/replay-alpha.svg",
            {recording = recording, series = {"alpha"}, title = "Alpha per tick", yLabel = "alpha"})
fl.svg.plot(out .. "/replay-energy.svg",
            {recording = recording, series = {"energy", "spread"}, title = "Kinetic energy and spread"})
fl.html.replay(recording, out .. "/replay.html", {title = "Three clusters settling"})
print("wrote " .. out .. "/replay.html")
