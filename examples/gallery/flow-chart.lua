-- A flow chart with groups and smoothstep edges, as a flow editor draws one, laid out by fl.layout.layered:
-- steps in columns so that every flow runs left to right, few crossings, each box its own size, and grouped steps
-- inside frames (parent nodes; a child's position is relative to its parent, and each frame grows to hold them).
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

-- Edges leave a box on its right and enter on its left.
local handles = {{id = "right", type = "source", position = "right"}, {id = "left", type = "target", position = "left"}}
local g = fl.graph.new()
for _, step in ipairs(steps) do
  local id, label, group = step[1], step[2], step[3]
  if group and not g:node(group) then g:addNode{id = group, label = group, data = {kind = "group"}} end
  g:addNode{id = id, parent = group, width = 8 * #label + 24, height = 40, label = label, handles = handles,
            data = {kind = group or "step"}}
end
for _, flow in ipairs(flows) do
  g:addEdge{source = flow[1], target = flow[2], sourceHandle = "right", targetHandle = "left"}
end

local layout = fl.layout.layered(g, {direction = "right", layerSeparation = 50, nodeSeparation = 25})
print(("%d layers, %d crossings"):format(layout.layers, layout.crossings))
fl.svg.graph(g, out .. "/flow-chart.svg", {title = "A build pipeline", edgeType = "smoothstep",
  markerEnd = "arrowClosed", fill = "kind", legend = false, width = 1400, height = 400, fontSize = 12})
