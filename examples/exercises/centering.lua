-- Exercise: centre the layout. Grade a submission with
--   forcelab grade examples/exercises/centering.lua my-centering.lua
return {
  title = "Centre the layout on a point",
  about = [[
Write a force that keeps the layout centred on the point (200, 100), as d3's forceCenter does. Each tick, find the
centroid of the nodes (the mean of their x and of their y), then move every node by the same amount: half of the
way from the centroid to (200, 100). Move the positions x and y themselves, not the velocities: the layout's shape
does not change, only where it is. Return the force as function(alpha, nodes).]],
  graphs = {
    {generate = "grid", rows = 6, columns = 6},
    {generate = "tree", n = 40, branching = 3},
  },
  ticks = 100,
  forces = function(sim)
    sim:force("link", forcelab.force.link{})
    sim:force("charge", forcelab.force.manyBody{})
  end,
  name = "center",
  reference = forcelab.force.center{x = 200, y = 100, strength = 0.5},
  checks = {
    {kind = "centroid", at = {200, 100}, tolerance = 0.5,
     hint = "after each tick the nodes' mean x should be 200 and mean y 100: shift every node's x and y"},
    {kind = "positions", tolerance = 1e-6,
     hint = "shift by (centroid - target) * 0.5 each tick, the same amount for every node, and leave vx and vy alone"},
  },
}
