-- Step 9: theta and Barnes-Hut. Many-body is all pairs: n² pushes a tick. Barnes-Hut groups far nodes: a
-- quadtree cell whose width / distance is below theta acts as one body at its centre of charge. theta 0 is
-- exact; larger theta is faster and rougher. Measure both on one laid-out graph: the time of a tick, and how
-- far the many-body push on each node is from the exact one; then draw the cells one node's sum uses.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.generate("recursive", {n = 500})
local layout = fl.simulation(g, {alphaDecay = 0.05})     -- a rough layout in 135 ticks
layout:force("link", fl.force.link{})
layout:force("charge", fl.force.manyBody{})
layout:run()

-- The many-body push on each node: a new simulation starts from the graph's positions with no velocity, so
-- after "charge" alone each node's velocity is exactly the push it got (a Lua force after it reads it). The tick
-- also moves the nodes, so they are put back where the layout left them: every theta is measured on the same
-- positions as the exact push.
local laidOut = {}
for node in g:nodes() do laidOut[node.id] = {node.x, node.y} end
local function firstPush(theta)
  local push = {}
  local sim = fl.simulation(g)
  sim:force("charge", fl.force.manyBody{theta = theta})
  sim:force("probe", function(_, nodes)
    for _, node in ipairs(nodes) do push[node.index] = {node.vx, node.vy} end
  end)
  local start = fl.clock()
  sim:tick()
  local seconds = fl.clock() - start
  for node in g:nodes() do node.x, node.y = laidOut[node.id][1], laidOut[node.id][2] end
  return push, seconds
end

-- The time of a tick at theta: the fastest of three, as one tick alone may be slowed by whatever else the
-- machine is doing at that moment.
local function tickTime(theta)
  local fastest = math.huge
  for _ = 1, 3 do fastest = math.min(fastest, select(2, firstPush(theta))) end
  return fastest
end

local exact = firstPush(0)
local thetas, errors = {0.25, 0.5, 0.75, 0.9, 1.2, 1.5, 2}, {}
for i, theta in ipairs(thetas) do
  local push, seconds = firstPush(theta), tickTime(theta)
  local wrong, total = 0, 0
  for index, v in pairs(push) do
    local e = exact[index]
    wrong = wrong + math.sqrt((v[1] - e[1]) ^ 2 + (v[2] - e[2]) ^ 2)
    total = total + math.sqrt(e[1] ^ 2 + e[2] ^ 2)
  end
  errors[i] = 100 * wrong / total
  print(string.format("theta %-4g error %5.2f %%   %6.2f ms for the tick", theta, errors[i], seconds * 1000))
end
fl.svg.plot(out .. "/09-theta-error.svg", {
  series = {{name = "error of the push", x = thetas, y = errors, marker = "circle"}},
  title = "Barnes-Hut: theta against accuracy (500 nodes)", xLabel = "theta", yLabel = "% of the exact push",
  width = 560, height = 320, legend = false})

-- The cells one node's sum walks, for the node farthest right: a cell taken as one body is filled faintly, a cell
-- opened is outlined, and the nodes of a leaf pushing one by one are dotted. Higher theta: fewer, bigger cells.
local probe = fl.simulation(g)
probe:force("charge", fl.force.manyBody{})
local far = g:nodes()[1]
for node in g:nodes() do if node.x > far.x then far = node end end
for _, theta in ipairs{0.5, 1.5} do
  fl.svg.graph(g, string.format("%s/09-theta-cells-%g.svg", out, theta), {simulation = probe,
    title = string.format("theta %g: the cells node %s uses", theta, far.id), cells = {node = far.id, theta = theta},
    labels = false, width = 560, height = 400})
end
