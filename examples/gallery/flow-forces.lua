-- A grouped flow laid out by forces: a retrieval chat flow as a flow editor (Flowise, React Flow) draws one, its
-- steps piled in a corner at first, then spread by the four flow forces: box collision (each step its own box,
-- none overlapping), frames (each group's frame holds its steps and grows to fit them, a group inside a group),
-- links between handles (springs from the side each edge is drawn from) and a flow to the right.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local steps = {   -- id, label, group
  {"pdf", "PDF loader", "ingest"}, {"web", "Web scraper", "ingest"}, {"splitter", "Text splitter", "ingest"},
  {"embeddings", "Embeddings", "ingest"}, {"store", "Vector store", "ingest"},
  {"question", "User question"}, {"memory", "Buffer memory", "agent"}, {"model", "Chat model", "agent"},
  {"retriever", "Retriever tool", "tools"}, {"search", "Web search tool", "tools"},
  {"toolAgent", "Tool agent", "agent"},
  {"answer", "Answer"}, {"feedback", "Feedback log"},
}
local groups = {ingest = {label = "Ingest documents"}, agent = {label = "Agent"},
  tools = {label = "Tools", parent = "agent"}}
local flows = {{"pdf", "splitter"}, {"web", "splitter"}, {"splitter", "store"}, {"embeddings", "store"},
  {"store", "retriever"}, {"question", "toolAgent"}, {"memory", "toolAgent"}, {"model", "toolAgent"},
  {"retriever", "toolAgent"}, {"search", "toolAgent"}, {"toolAgent", "answer"}, {"answer", "feedback"}}

-- Edges leave a box on its right and enter on its left; every box starts within 40 px of the corner.
local handles = {{id = "right", type = "source", position = "right"}, {id = "left", type = "target", position = "left"}}
local g = fl.graph.new{directed = true}
math.randomseed(3)
local function addGroup(id)
  if g:node(id) then return end
  local group = groups[id]
  if group.parent then addGroup(group.parent) end
  g:addNode{id = id, label = group.label, parent = group.parent, x = 0, y = 0, width = 60, height = 40,
            data = {kind = "group"}}
end
for _, step in ipairs(steps) do
  local id, label, group = step[1], step[2], step[3]
  if group then addGroup(group) end
  g:addNode{id = id, parent = group, x = 40 * math.random(), y = 40 * math.random(), width = 8 * #label + 24,
            height = 36, label = label, handles = handles, data = {kind = group or "step"}}
end
for _, flow in ipairs(flows) do
  g:addEdge{source = flow[1], target = flow[2], sourceHandle = "right", targetHandle = "left"}
end

-- About one pixel per unit, so that the frames are drawn as the boxes the forces gave them.
local picture = {edgeType = "smoothstep", markerEnd = "arrowClosed", fill = "kind", legend = false,
  width = 1340, height = 620, fontSize = 12}
local function draw(name, title)
  picture.title = title
  fl.svg.graph(g, out .. "/flow-forces-" .. name .. ".svg", picture)
end
draw("start", ("The start: %d pairs of boxes overlapping"):format(fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps))

local sim = fl.simulation(g)
sim:force("link", fl.force.link{ends = "handles", distance = 50})
sim:force("charge", fl.force.manyBody{strength = -300})
sim:force("collide", fl.force.collide{shape = "box", margin = 12})
sim:force("frames", fl.force.frames{padding = 16, shrinks = true})
sim:force("flow", fl.force.flow{direction = "right", separation = 50})
local ticks, why = sim:run()
local m = fl.metrics(g, {only = {"boxOverlaps", "crossings"}})
print(("%d ticks (%s), %d box overlaps, %d crossings"):format(ticks, why, m.boxOverlaps, m.crossings))
draw("end", ("Laid out by the flow forces: %d overlaps, %d crossings"):format(m.boxOverlaps, m.crossings))
