-- Exercise: choose the forces. Grade a submission with
--   forcelab grade examples/exercises/tune.lua my-tune.lua
return {
  title = "Tune the forces: a tree without crossings",
  about = [[
Lay out the trees below with forcelab's built-in forces, so that no two edges cross and edges are about 30 long
(their mean length between 25 and 40, all of them of similar length: a coefficient of variation below 0.25). There
is no single right answer: choose the forces and their parameters. The submission returns a setup table
{setup = function(sim) ... end} that adds forces to the simulation, for example
sim:force("link", forcelab.force.link{distance = ...}). The simulation runs 300 ticks.]],
  graphs = {
    {generate = "tree", n = 40, branching = 3},
    {generate = "tree", n = 63, branching = 2},
  },
  ticks = 300,
  reference = {
    setup = function(sim)
      sim:force("link", forcelab.force.link{distance = 30, strength = 1, iterations = 4})
      sim:force("charge", forcelab.force.manyBody{strength = -30})
    end,
  },
  checks = {
    {kind = "metric", metric = "crossings", band = {0, 0},
     hint = "crossings come from branches folded over each other: a stronger repulsion (manyBody) unfolds them"},
    {kind = "metric", metric = "edgeLengthMean", band = {25, 40},
     hint = "the link force's distance sets the edge length; a strong repulsion stretches edges beyond it"},
    {kind = "metric", metric = "edgeLengthCV", band = {0, 0.25},
     hint = "uneven edges: make the link force stiffer (strength, iterations) or the repulsion gentler"},
  },
}
