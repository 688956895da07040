-- The same force over arrays, as both sides run it: pull every node towards (cx, cy).
local cx, cy, k = 0, 0, 0.05
return function(alpha, x, y, vx, vy, n)
  for i = 1, n do
    vx[i] = vx[i] + (cx - x[i]) * k * alpha
    vy[i] = vy[i] + (cy - y[i]) * k * alpha
  end
end
