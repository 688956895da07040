-- A model solution of clusters.lua: each node is pulled towards its group's anchor on a circle of radius 200.
local radius, strength = 200, 0.15

return function(alpha, nodes)
  local groups = 0
  for _, node in ipairs(nodes) do groups = math.max(groups, node.data.group + 1) end
  for _, node in ipairs(nodes) do
    local angle = 2 * math.pi * node.data.group / groups
    local ax, ay = radius * math.cos(angle), radius * math.sin(angle)
    node.vx = node.vx + (ax - node.x) * strength * alpha
    node.vy = node.vy + (ay - node.y) * strength * alpha
  end
end
