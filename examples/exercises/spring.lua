-- Exercise: springs along the edges. Grade a submission with
--   forcelab grade examples/exercises/spring.lua my-spring.lua
return {
  title = "Springs: d3's link force",
  about = [[
Write the link force: every edge is a spring of rest length 40 and strength 0.5. The submission file runs once per
graph with the graph as `...` (read its edges with g:edges(); each edge has .source and .target, node ids) and
returns the force in the table form {initialize = function(nodes) ... end, force = function(alpha) ... end}.
Each tick, for each edge in order, from source s to target t:
  dx, dy = t.x + t.vx - s.x - s.vx, t.y + t.vy - s.y - s.vy   (where the nodes are about to be)
  l = sqrt(dx^2 + dy^2);  k = (l - 40) / l * alpha * 0.5;  dx, dy = dx * k, dy * k
  t.vx, t.vy = t.vx - dx * b, t.vy - dy * b;  s.vx, s.vy = s.vx + dx * (1 - b), s.vy + dy * (1 - b)
where b = degree(s) / (degree(s) + degree(t)) (a node's degree is the number of edges it has): the node with
fewer edges moves more.]],
  graphs = {
    {generate = "grid", rows = 5, columns = 6},
    {generate = "tree", n = 30, branching = 2},
    {generate = "barabasiAlbert", n = 40, m = 2, seed = 3},
  },
  ticks = 150,
  forces = function(sim)
    sim:force("charge", forcelab.force.manyBody{strength = -40})
  end,
  name = "link",
  reference = forcelab.force.link{distance = 40, strength = 0.5},
  checks = {
    {kind = "metric", metric = "edgeLengthMean", band = {40, 70},
     hint = "the springs pull edges towards length 40 (the charge stretches them a little): "
         .. "much longer edges mean the pull is missing or too weak"},
    {kind = "positions", tolerance = 1e-6,
     hint = "use where the nodes are about to be (x + vx), update the velocities edge by edge, "
         .. "and weigh by degree (b)"},
  },
}
