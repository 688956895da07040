-- Graphs that a single-level force layout folds, laid out by fl.layout.multilevel: a 20 × 20 grid, a ladder of
-- 2 × 150 nodes and a complete binary tree of 511 nodes. Graphs this small fit on the default coarsest level (1,000
-- nodes) and would be laid out by stress alone, so coarsening goes down to 30 nodes here to show the levels; each run
-- prints them (nodes, edges, ticks). For teaching, the grid is also drawn as its finest level starts
-- (`finestTicks = 0`, no polish): every node at the position of the coarser node standing for it, spread out and
-- jittered, before the last refinement pulls pairs apart.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function draw(name, title, g, options)
  options = options or {}
  options.coarsestSize = 30
  local outcome = fl.layout.multilevel(g, options)
  local counts = {}
  for _, level in ipairs(outcome.levels) do
    counts[#counts + 1] = string.format("%d/%d/%d", level.nodes, level.edges, level.ticks)
  end
  print(name .. " levels (nodes/edges/ticks): " .. table.concat(counts, " "))
  fl.svg.graph(g, out .. "/multilevel-" .. name .. ".svg", {title = title, width = 500, height = 500, radius = 3})
end

draw("grid", "A 20 × 20 grid", fl.graph.generate("grid", {rows = 20, columns = 20}))
draw("grid-start", "The grid's finest level before its refinement",
  fl.graph.generate("grid", {rows = 20, columns = 20}), {finestTicks = 0, polishSweeps = 0, descentEpochs = 0})
draw("ladder", "A ladder of 2 × 150 nodes", fl.graph.generate("ladder", {rungs = 150}))
draw("tree", "A complete binary tree of 511 nodes", fl.graph.generate("tree", {n = 511, branching = 2}))
