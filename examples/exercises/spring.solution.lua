-- A model solution of spring.lua: d3's link force with distance 40 and strength 0.5. The file runs once per
-- graph, with the graph as `...`.
local g = ...
local distance, strength = 40, 0.5

local links, degree = {}, {}
for edge in g:edges() do
  links[#links + 1] = {source = edge.source, target = edge.target}
  degree[edge.source] = (degree[edge.source] or 0) + 1
  degree[edge.target] = (degree[edge.target] or 0) + 1
end

local byId = {}
return {
  initialize = function(nodes)
    for _, node in ipairs(nodes) do byId[node.id] = node end
  end,
  force = function(alpha)
    for _, link in ipairs(links) do
      local s, t = byId[link.source], byId[link.target]
      local dx = t.x + t.vx - s.x - s.vx
      local dy = t.y + t.vy - s.y - s.vy
      local l = math.sqrt(dx * dx + dy * dy)
      local k = (l - distance) / l * alpha * strength
      dx, dy = dx * k, dy * k
      local b = degree[link.source] / (degree[link.source] + degree[link.target])
      t.vx, t.vy = t.vx - dx * b, t.vy - dy * b
      s.vx, s.vy = s.vx + dx * (1 - b), s.vy + dy * (1 - b)
    end
  end,
}
