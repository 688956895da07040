-- A 3D layout projected to SVG: a 5 × 5 × 5 lattice laid out by d3's forces in three dimensions
-- (fl.simulation(g, {dimensions = 3})), then turned and drawn in perspective: nearer nodes larger and
-- darker, and drawn over farther ones.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local size = 5
local function id(x, y, z) return x .. "," .. y .. "," .. z end
local g = fl.graph.new()
for x = 1, size do for y = 1, size do for z = 1, size do g:addNode{id = id(x, y, z)} end end end
for x = 1, size do for y = 1, size do for z = 1, size do
  if x < size then g:addEdge{source = id(x, y, z), target = id(x + 1, y, z)} end
  if y < size then g:addEdge{source = id(x, y, z), target = id(x, y + 1, z)} end
  if z < size then g:addEdge{source = id(x, y, z), target = id(x, y, z + 1)} end
end end end

local sim = fl.simulation(g, {dimensions = 3, alphaDecay = 0.01})
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{})
sim:force("center", fl.force.center{})
sim:run()

-- Turn the layout (about y, then about x) and project it from a camera at distance 400 on the z axis.
local ay, ax, camera = 0.6, 0.4, 400
local projected, points = fl.graph.new(), {}
for node in g:nodes() do
  local x = node.x * math.cos(ay) + node.z * math.sin(ay)
  local z = -node.x * math.sin(ay) + node.z * math.cos(ay)
  local y = node.y * math.cos(ax) - z * math.sin(ax)
  z = node.y * math.sin(ax) + z * math.cos(ax)
  local scale = camera / (camera + z)
  points[#points + 1] = {id = node.id, x = x * scale, y = y * scale, depth = z, scale = scale}
end
table.sort(points, function(a, b) return a.depth > b.depth end)   -- farthest first, so near nodes are on top
local nearest, farthest = points[#points].depth, points[1].depth
for _, p in ipairs(points) do
  local t = (p.depth - nearest) / (farthest - nearest)           -- 0 nearest, 1 farthest
  local grey = math.floor(40 + t * 170)
  projected:addNode{id = p.id, x = p.x, y = p.y, data = {
    r = 5 * p.scale, colour = string.format("#%02x%02x%02x", grey // 2, grey // 2 + 40, grey + 40)}}
end
for edge in g:edges() do projected:addEdge{source = edge.source, target = edge.target} end

fl.svg.graph(projected, out .. "/projection-3d.svg", {title = "A 5 × 5 × 5 lattice laid out in 3D, in perspective",
  width = 560, height = 520, radius = "r", fill = "colour", strokeWidth = 0.5, edgeOpacity = 0.5})
