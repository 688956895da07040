-- A model solution of centering.lua: d3's forceCenter towards (200, 100) with strength 0.5.
local targetX, targetY, strength = 200, 100, 0.5

return function(_, nodes)
  local sumX, sumY = 0, 0
  for _, node in ipairs(nodes) do
    sumX, sumY = sumX + node.x, sumY + node.y
  end
  local shiftX = (sumX / #nodes - targetX) * strength
  local shiftY = (sumY / #nodes - targetY) * strength
  for _, node in ipairs(nodes) do
    node.x = node.x - shiftX
    node.y = node.y - shiftY
  end
end
