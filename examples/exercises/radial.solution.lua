-- A model solution of radial.lua: d3's forceRadial with radius 120 and strength 0.1.
local radius, strength = 120, 0.1

return function(alpha, nodes)
  for _, node in ipairs(nodes) do
    local x, y = node.x, node.y
    if x == 0 then x = 1e-6 end
    if y == 0 then y = 1e-6 end
    local r = math.sqrt(x * x + y * y)
    local k = (radius - r) * strength * alpha / r
    node.vx = node.vx + x * k
    node.vy = node.vy + y * k
  end
end
