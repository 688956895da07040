-- A parameter study: many-body strength x link distance x 5 seeds on two graphs, run by `forcelab sweep`.
-- Each case lays a graph out and returns its layout figures; forcelab runs the cases on every core, records them,
-- and `--merge` draws each figure against each parameter (mean ± sd across seeds) and a radar chart per configuration.
-- Run:   forcelab sweep --out charge.jsonl examples/sweep-charge.lua          (add `small` after it for a quick run)
-- Merge: forcelab sweep --merge charge.jsonl --out charge-study
local fl = require "forcelab"
local size = ...

local graphs = {
  miserables = function() return fl.graph.generate("miserables") end,
  scaleFree = function() return fl.graph.generate("barabasiAlbert", {n = 100, m = 2, seed = 7}) end,
}

return {
  grid = {
    graph = {"miserables", "scaleFree"},
    strength = size == "small" and {-15, -60} or {-10, -30, -60, -100},
    distance = size == "small" and {20, 40} or {15, 30, 60},
  },
  seeds = 5,
  run = function(case)
    local g = graphs[case.graph]()
    -- One thread per simulation: the sweep's workers already fill the cores (docs/scale.md).
    local sim = fl.simulation(g, {seed = case.seed, placement = "random", threads = 1})
    sim:force("link", fl.force.link{distance = case.distance})
    sim:force("charge", fl.force.manyBody{strength = case.strength})
    sim:force("center", fl.force.center{})
    sim:run()
    local m = fl.metrics(g, {radius = 5})
    return {
      stress = m.stress, crossings = m.crossings, edgeLengthCV = m.edgeLengthCV,
      minAngle = m.minAngle, neighbourhoodPreservation = m.neighbourhoodPreservation,
    }
  end,
}
