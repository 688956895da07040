-- A 100,000-node tree drawn so that its structure stays readable: small nodes without outlines, coloured by
-- which of the nine subtrees below the root's children they belong to, over faint thin edges down to depth 7
-- (the 96,000 deeper edges would only add a grey haze). Its start is a
-- radial tree placement computed in Lua (each node on the ring of its depth, in the middle of the angle its
-- leaves span); a few ticks of the fast mode's forces then relax it. The tests run it as it is (2 ticks, to
-- stay quick in a debug build); give a tick count to relax it further:
--   forcelab examples/gallery/hundred-thousand.lua out 50
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")
local ticks = math.tointeger(tonumber(arg[2] or "2"))

local n, branching = 100000, 3
local g = fl.graph.generate("tree", {n = n, branching = branching})   -- node i's parent is (i - 1) // 3

-- Leaves under each node (children have larger numbers, so one backward pass adds them up); the children of a
-- node split its angle in proportion to their leaves; rings grow apart as the tree widens.
local leaves, depth, from, span, subtree = {}, {[0] = 0}, {[0] = 0}, {[0] = 2 * math.pi}, {[0] = 0}
for i = n - 1, 0, -1 do
  leaves[i] = leaves[i] or 1
  if i > 0 then local p = (i - 1) // branching; leaves[p] = (leaves[p] or 0) + leaves[i] end
end
for i = 0, n - 1 do
  local next = from[i]
  for c = branching * i + 1, math.min(branching * i + branching, n - 1) do
    depth[c], from[c], span[c] = depth[i] + 1, next, span[i] * leaves[c] / leaves[i]
    subtree[c] = depth[c] <= 2 and c or subtree[i]
    next = next + span[c]
  end
end
local changes = {}
for i = 0, n - 1 do
  local angle, radius = from[i] + span[i] / 2, 60 * 1.4 ^ depth[i] - 60
  changes[i + 1] = {type = "position", id = tostring(i),
                    position = {x = radius * math.cos(angle), y = radius * math.sin(angle)}}
end
g:applyNodeChanges(changes)

local sim = fl.simulation(g, {mode = "fast"})
sim:force("link", fl.force.link{distance = 10})
sim:force("charge", fl.force.manyBody{strength = -2, distanceMax = 50})
sim:tick(ticks)
print(string.format("%s: %d ticks of the fast mode", tostring(g), ticks))

-- The picture: every node, coloured by subtree (the root and its children stay grey), and the edges to depth 7.
local picture = fl.graph.new()
for node in g:nodes() do
  local i = node.index
  picture:addNode{id = node.id, x = node.x, y = node.y, data = depth[i] >= 2 and {subtree = subtree[i]} or nil}
end
for i = 1, n - 1 do
  if depth[i] <= 7 then picture:addEdge{source = tostring((i - 1) // branching), target = tostring(i)} end
end
fl.svg.graph(picture, out .. "/hundred-thousand.svg", {title = "A tree of 100,000 nodes in nine subtrees",
  width = 1000, height = 1000, radius = 4, fill = "subtree", legendTitle = "subtree",
  strokeWidth = 0, edgeWidth = 0.4, edgeOpacity = 0.5})
