-- Exercise: clusters. Grade a submission with
--   forcelab grade examples/exercises/clusters.lua my-clusters.lua
return {
  title = "Clusters: pull each group towards its own anchor",
  about = [[
Write a force that pulls every node towards the anchor of its group, so that the groups of a graph settle apart.
Each node has a group number in node.data.group (0, 1, ..., K - 1, where K is the number of groups: one more than
the largest group number). Group k's anchor is on the circle of radius 200 around the origin, at the angle
2 * pi * k / K: (200 * cos(2 * pi * k / K), 200 * sin(2 * pi * k / K)). Each tick, for every node, add
(ax - x) * 0.15 * alpha to vx and (ay - y) * 0.15 * alpha to vy, where (ax, ay) is the anchor of its group: the
pull grows with the distance to the anchor and fades as the simulation cools (alpha). Return the force as
function(alpha, nodes) (or in the table form, with initialize(nodes) to find K and the anchors once).]],
  graphs = {
    {generate = "stochasticBlock", clusters = 3, size = 10, pIn = 0.4, pOut = 0.02, seed = 2},
    {generate = "stochasticBlock", clusters = 5, n = 40, pIn = 0.3, pOut = 0.02, seed = 5},
  },
  ticks = 150,
  forces = function(sim)
    sim:force("link", forcelab.force.link{})
    sim:force("charge", forcelab.force.manyBody{strength = -30})
  end,
  name = "clusters",
  reference = function(alpha, nodes)
    local groups = 0
    for _, node in ipairs(nodes) do groups = math.max(groups, node.data.group + 1) end
    for _, node in ipairs(nodes) do
      local angle = 2 * math.pi * node.data.group / groups
      node.vx = node.vx + (200 * math.cos(angle) - node.x) * 0.15 * alpha
      node.vy = node.vy + (200 * math.sin(angle) - node.y) * 0.15 * alpha
    end
  end,
  checks = {
    {kind = "positions", tolerance = 1e-6, points = 2,
     hint = "each tick, vx = vx + (ax - x) * 0.15 * alpha with ax = 200 * cos(2 * pi * k / K), "
         .. "k = node.data.group, K = the number of groups; the same for vy with sin"},
    -- A check written in Lua: it gets the submission's and the reference's layouts of one graph (read-only) and
    -- returns whether it passes, a message and a score from 0 to 1 (here the share of nodes in the right place).
    {kind = "lua", name = "groups", points = 2,
     hint = "each node should end nearest its own group's anchor: pull it towards that anchor, not another's",
     check = function(submission, reference)
       -- How many nodes of a layout are nearer their own group's anchor than any other, and the first that is not.
       local function nearOwnAnchor(layout)
         local groups = 0
         for _, node in ipairs(layout.nodes) do groups = math.max(groups, node.data.group + 1) end
         local near, stray = 0, nil
         for _, node in ipairs(layout.nodes) do
           local nearest, shortest = nil, math.huge
           for k = 0, groups - 1 do
             local angle = 2 * math.pi * k / groups
             local distance = math.sqrt((200 * math.cos(angle) - node.x) ^ 2 + (200 * math.sin(angle) - node.y) ^ 2)
             if distance < shortest then nearest, shortest = k, distance end
           end
           if nearest == node.data.group then near = near + 1 else stray = stray or node.id end
         end
         return near, stray
       end
       local near, stray = nearOwnAnchor(submission)
       local expected = nearOwnAnchor(reference)
       local message = near .. " of " .. #submission.nodes .. " nodes nearest their group's anchor (the reference: "
         .. expected .. ")" .. (stray and near < expected and ", not node '" .. stray .. "'" or "")
       return near >= expected, message, math.min(1, near / expected)
     end},
    {kind = "centroid", at = {0, 0}, tolerance = 15,
     hint = "the anchors are spread evenly around the origin, so the layout as a whole should stay centred there: "
         .. "a pull away from the anchors (a sign the wrong way round), or anchors off the circle, moves it"},
  },
}
