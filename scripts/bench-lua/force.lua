-- The force both sides run: pull every node towards (cx, cy).
local cx, cy, k = 0, 0, 0.05
return function(alpha, nodes)
  for i = 1, #nodes do
    local node = nodes[i]
    node.vx = node.vx + (cx - node.x) * k * alpha
    node.vy = node.vy + (cy - node.y) * k * alpha
  end
end
