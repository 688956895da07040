-- A flow chart with groups and smoothstep edges, as a flow editor draws one: boxes placed in columns by their
-- step's rank (the longest path from the start), stacked within a column, and grouped steps inside frames
-- (parent nodes; a child's position is relative to its parent).
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local steps = {   -- id, label, group
  {"checkout", "Checkout"}, {"deps", "Fetch dependencies"},
  {"compile", "Compile", "build"}, {"link", "Link", "build"},
  {"unit", "Unit tests", "test"}, {"integration", "Integration", "test"}, {"browser", "Browser tests", "test"},
  {"package", "Package"}, {"deploy", "Deploy"}, {"notify", "Notify"},
}
local flows = {{"checkout", "deps"}, {"deps", "compile"}, {"compile", "link"}, {"link", "unit"},
  {"link", "integration"}, {"link", "browser"}, {"unit", "package"}, {"integration", "package"},
  {"browser", "package"}, {"package", "deploy"}, {"deploy", "notify"}}

-- Rank: the longest path from the start (flows are listed so that sources come first).
local rank = {}
for _, step in ipairs(steps) do rank[step[1]] = 0 end
for _, flow in ipairs(flows) do rank[flow[2]] = math.max(rank[flow[2]], rank[flow[1]] + 1) end

-- Edges leave a box on its right and enter on its left.
local handles = {{id = "right", type = "source", position = "right"}, {id = "left", type = "target", position = "left"}}
local g = fl.graph.new()
local width, height, columnGap, rowGap, pad = 120, 40, 60, 30, 15
local groups, row = {}, {}
for _, step in ipairs(steps) do
  local id, label, group = step[1], step[2], step[3]
  local r = rank[id]
  row[r] = (row[r] or 0) + 1
  local x, y = r * (width + columnGap), (row[r] - 1) * (height + rowGap) + 60
  if group and not groups[group] then
    groups[group] = {x = x - pad, y = y - pad - 20, count = 0}
    g:addNode{id = group, x = x - pad, y = y - pad - 20, width = 0, height = 0, label = group, data = {kind = "group"}}
  end
  if group then
    local frame = groups[group]
    g:addNode{id = id, parent = group, x = x - frame.x, y = y - frame.y, width = width, height = height, label = label,
      handles = handles, data = {kind = group}}
  else
    g:addNode{id = id, x = x, y = y, width = width, height = height, label = label, handles = handles,
              data = {kind = "step"}}
  end
end
-- Size each frame to hold its children.
for name in pairs(groups) do
  local right, bottom = 0, 0
  for _, child in ipairs(g:children(name)) do
    right, bottom = math.max(right, child.x + child.width), math.max(bottom, child.y + child.height)
  end
  local node = g:node(name)
  node.width, node.height = right + pad, bottom + pad
end
for _, flow in ipairs(flows) do
  g:addEdge{source = flow[1], target = flow[2], sourceHandle = "right", targetHandle = "left"}
end

fl.svg.graph(g, out .. "/flow-chart.svg", {title = "A build pipeline", edgeType = "smoothstep",
  markerEnd = "arrowClosed", fill = "kind", legend = false, width = 1400, height = 400, fontSize = 12})
