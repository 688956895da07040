-- Exercise: charges that repel, up to a cutoff. Grade a submission with
--   forcelab grade examples/exercises/charge.lua my-charge.lua
return {
  title = "Charges with a cutoff: d3's many-body force, exactly",
  about = [[
Write a repulsion between every pair of nodes, as d3's forceManyBody does with theta 0 (no Barnes-Hut
approximation) and distanceMax 60. Each tick, for each node a and each other node b:
  dx, dy = b.x - a.x, b.y - a.y;  l = dx^2 + dy^2   (the squared distance)
  skip b when l >= 60^2 (the cutoff); when l < 1, use l = sqrt(l) instead (d3's distanceMin of 1)
  w = -30 * alpha / l;  a.vx, a.vy = a.vx + dx * w, a.vy + dy * w
The strength -30 is negative, so a is pushed away from b, by a push that falls with the distance. Read x and y,
change only vx and vy. Return the force as function(alpha, nodes).]],
  graphs = {
    {generate = "grid", rows = 6, columns = 6},
    {generate = "stochasticBlock", clusters = 3, size = 12, pIn = 0.3, pOut = 0.03, seed = 5},
  },
  ticks = 80,
  forces = function(sim)
    sim:force("link", forcelab.force.link{distance = 25})
  end,
  name = "charge",
  reference = forcelab.force.manyBody{strength = -30, theta = 0, distanceMax = 60},
  checks = {
    {kind = "metric", metric = "stress", within = 0.02,
     hint = "stress far from the reference's means the nodes do not spread as they should: "
         .. "check the sign and the cutoff"},
    {kind = "positions", tolerance = 1e-6,
     hint = "divide by the squared distance l (not its square root), skip pairs at 60 or farther, "
         .. "and change only vx and vy"},
  },
}
