-- A real Flowise flow laid out by forces: Flowise's "Deep Research With SubAgents" agentflow (its marketplace,
-- Apache-2.0), read as Flowise saves it, its steps piled in a corner at first, then spread by the four flow forces:
-- box collision (each step its own box, none overlapping), frames (the iteration's frame holds its sub-agent and
-- is fitted to it), links between handles (springs from the side each edge is drawn from) and a flow to the right.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")
local folder = arg[0]:match("^(.*)/") or "."

local g = fl.graph.load(folder .. "/../data/deep-research-with-subagents.json")
-- Sticky notes are comments with no edges: left out, as they take no part in the flow.
local notes = {}
for node in g:nodes() do if node.type == "stickyNote" then notes[#notes + 1] = node.id end end
g:deleteElements{nodes = notes}

-- Flowise draws a step's name (data.label), its inputs on the left and its outputs on the right; the file names
-- the handles but not their sides, so they are declared here.
local sides = {}
for edge in g:edges() do
  sides[edge.source] = sides[edge.source] or {}
  sides[edge.source][edge.sourceHandle] = {id = edge.sourceHandle, type = "source", position = "right"}
  sides[edge.target] = sides[edge.target] or {}
  sides[edge.target][edge.targetHandle] = {id = edge.targetHandle, type = "target", position = "left"}
end
math.randomseed(3)
for node in g:nodes() do
  local item = node:snapshot()
  item.label, item.handles = node.data.label, {}
  for _, handle in pairs(sides[node.id] or {}) do item.handles[#item.handles + 1] = handle end
  table.sort(item.handles, function(a, b) return a.id < b.id end)
  item.x, item.y = 40 * math.random(), 40 * math.random()   -- every step within 40 px of the corner
  g:applyNodeChanges{{type = "replace", id = node.id, item = item}}
end

-- Flowise's own colours; about one pixel per unit, so that the frame is drawn as the box the forces gave it.
local picture = {edgeType = "smoothstep", markerEnd = "arrowClosed", fill = "color", legend = false,
  width = 1500, height = 340, fontSize = 13}
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

-- The checks: no two boxes overlap, every child lies inside its parent's frame, every edge runs left to right.
local m = fl.metrics(g, {only = {"boxOverlaps", "crossings"}})
assert(m.boxOverlaps == 0, "boxes overlap")
for node in g:nodes() do
  if node.parent then
    local frame = g:node(node.parent)
    assert(node.x >= 0 and node.y >= 0 and node.x + node.width <= frame.width and node.y + node.height <= frame.height,
           node.id .. " is outside its frame")
  end
end
for edge in g:edges() do
  local sx = g:absolutePosition(edge.source) + g:node(edge.source).width
  assert(sx < g:absolutePosition(edge.target), edge.id .. " does not run to the right")
end
print(("%d ticks (%s), %d box overlaps, %d crossings"):format(ticks, why, m.boxOverlaps, m.crossings))
draw("end", ("Laid out by the flow forces: %d overlaps, %d crossings"):format(m.boxOverlaps, m.crossings))
