-- Editing a graph the way a flow editor (React Flow / SwiftFlow) does: connect handles, apply change lists,
-- ask for connections by handle, delete a parent with its children, undo it, and draw the flow.
-- Run: ./scripts/run examples/flow-editing.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local g = fl.graph.new()
g:on("change", function(event)
  if #event.removedNodes > 0 then print("removed nodes: " .. table.concat(event.removedNodes, ", ")) end
end)

local handles = {{id = "in", type = "target", position = "left"}, {id = "out", type = "source", position = "right"}}
g:addNode{id = "source", x = 0, y = 80, width = 120, height = 40, label = "Source", handles = handles}
g:addNode{id = "group", x = 200, y = 0, width = 300, height = 200, label = "Processing"}
g:addNode{id = "parse", parent = "group", x = 20, y = 40, width = 110, height = 40, label = "Parse", handles = handles}
g:addNode{id = "check", parent = "group", x = 170, y = 120, width = 110, height = 40, label = "Check",
          handles = handles}
g:addNode{id = "sink", x = 580, y = 80, width = 120, height = 40, label = "Sink", handles = handles}

print(g:connect{source = "source", sourceHandle = "out", target = "parse", targetHandle = "in"}.id)
g:connect{source = "parse", sourceHandle = "out", target = "check", targetHandle = "in"}
g:connect{source = "check", sourceHandle = "out", target = "sink", targetHandle = "in"}
local duplicate = g:connect{source = "parse", sourceHandle = "out", target = "check", targetHandle = "in"}
print("duplicate refused:", duplicate == nil)

-- A change list, as an editor emits it while the user drags and selects.
g:applyNodeChanges{
  {type = "position", id = "sink", position = {x = 600, y = 90}, dragging = false},
  {type = "select", id = "check", selected = true},
  {type = "dimensions", id = "source", dimensions = {width = 130, height = 40}},
}
print("selected:", g:selectedNodes()[1].id, "sink at", g:node("sink").x, g:node("sink").y)
print("check's absolute position:", g:absolutePosition("check"))

local into = g:connections("check", "target")
print("into check:", #into, into[1].source .. "." .. into[1].sourceHandle)
print("outgoers of parse:", g:outgoers("parse")[1].id, " incomers of sink:", g:incomers("sink")[1].id)

fl.svg.graph(g, out .. "/flow.svg", {title = "A small flow", edgeType = "smoothstep", markerEnd = "arrowClosed"})
g:save(out .. "/flow.json", {format = "reactflow"})

-- Deleting the group takes its children and every edge touching them; the result is enough to undo.
local nodes, edges = g:deleteElements{nodes = {"group"}}
print(string.format("deleted %d nodes and %d edges; left: %s", #nodes, #edges, tostring(g)))
g:restore(nodes, edges)
print("after undo: " .. tostring(g))
