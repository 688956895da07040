-- Exercise: a ring. Grade a submission with
--   forcelab grade examples/exercises/radial.lua my-radial.lua
return {
  title = "A ring: pull every node towards a circle",
  about = [[
Write a force that pulls every node towards the circle of radius 120 around the origin, as d3's forceRadial does.
For a node at distance r from the centre (r = sqrt(x^2 + y^2)), add (120 - r) * 0.1 * alpha / r times its offset
(x, y) to its velocity (vx, vy): nodes inside the ring are pushed out, nodes outside are pulled in, and the push
fades as the simulation cools (alpha). As in d3, an offset of exactly 0 in x or in y counts as 1e-6 (so a node at
the centre still has a direction). Return the force as function(alpha, nodes).]],
  graphs = {
    {generate = "grid", rows = 5, columns = 5},
    {generate = "tree", n = 31},
  },
  ticks = 120,
  forces = function(sim)
    sim:force("charge", forcelab.force.manyBody{strength = -20})
  end,
  name = "ring",
  reference = forcelab.force.radial{radius = 120, strength = 0.1},
  checks = {
    {kind = "positions", tolerance = 1e-6,
     hint = "each tick, vx = vx + x * (120 - r) * 0.1 * alpha / r, and the same for vy: "
         .. "add to the velocities, leave x and y to the simulation"},
    {kind = "centroid", at = {0, 0}, tolerance = 5,
     hint = "the ring is centred on the origin: the nodes should stay spread evenly around it"},
  },
}
