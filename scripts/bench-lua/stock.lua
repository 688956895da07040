-- Stock lua5.4 side: the same force over a list of node tables. Mode "force" times the force loop alone;
-- mode "tick" adds what a simulation tick also does in forcelab (alpha step, velocity decay, integration).
local n, ticks, mode = tonumber(arg[1]), tonumber(arg[2]), arg[3] or "force"
local force = dofile(arg[0]:match("(.*/)") .. "force.lua")
local nodes = {}
for i = 0, n - 1 do
  local r, a = 10 * math.sqrt(0.5 + i), i * math.pi * (3 - math.sqrt(5))
  nodes[i + 1] = {index = i, id = tostring(i), x = r * math.cos(a), y = r * math.sin(a), vx = 0, vy = 0}
end
local alpha, decay = 1, 1 - 0.001 ^ (1 / 300)
local function tick()
  alpha = alpha + (0 - alpha) * decay
  force(alpha, nodes)
  if mode == "tick" then
    for i = 1, n do
      local node = nodes[i]
      node.vx = node.vx * 0.6; node.x = node.x + node.vx
      node.vy = node.vy * 0.6; node.y = node.y + node.vy
    end
  end
end
tick(); tick()
local start = os.clock()
for _ = 1, ticks do tick() end
print(string.format("%.3f", (os.clock() - start) * 1000 / ticks))
