-- A model solution of charge.lua: every pair of nodes, inverse-square repulsion up to a cutoff of 60.
local strength, cutoff = -30, 60

return function(alpha, nodes)
  for _, a in ipairs(nodes) do
    for _, b in ipairs(nodes) do
      if a ~= b then
        local dx, dy = b.x - a.x, b.y - a.y
        local l = dx * dx + dy * dy
        if l < cutoff * cutoff then
          if l < 1 then l = math.sqrt(l) end
          local w = strength * alpha / l
          a.vx = a.vx + dx * w
          a.vy = a.vy + dy * w
        end
      end
    end
  end
end
