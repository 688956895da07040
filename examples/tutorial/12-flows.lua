-- Step 12: flows. A flow chart's nodes are boxes with a width and a height, placed by their top-left corner; some
-- sit in a parent's frame (their position relative to it), and edges leave by handles on a box's side. d3's forces
-- see circles at the corners, so boxes overlap, steps drift out of their frames and edges run every way. Four
-- forces know flows: collide with shape "box", frames, link between handles, and flow in one direction.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")
-- The flow ships in examples/data: found from this script's folder, or from a notebook's (docs/notebooks).
local script = arg[0]:match("^(.-)[^/]*%.lua$")
local data = script and script .. "../data/" or "../../examples/data/"

-- Flowise's "Iterations" agentflow, as Flowise saves it: a start, an iteration whose frame holds two agents, and a
-- last agent. Flowise draws each step's data.label, inputs on the left and outputs on the right (the file names
-- the handles, not their sides); every step starts in a 40 px corner.
local function iterations()
  local g = fl.graph.load(data .. "iterations.json")
  local handles = {}
  for edge in g:edges() do
    handles[edge.source] = handles[edge.source] or {}
    table.insert(handles[edge.source], {id = edge.sourceHandle, type = "source", position = "right"})
  end
  math.randomseed(12)
  for node in g:nodes() do
    local step = node:snapshot()
    step.label, step.x, step.y = node.data.label, 40 * math.random(), 40 * math.random()
    step.handles = handles[node.id] or {}
    step.handles[#step.handles + 1] = {id = node.id, type = "target", position = "left"}  -- Flowise's input
    g:applyNodeChanges{{type = "replace", id = node.id, item = step}}
  end
  return g
end

-- Each picture about one pixel per unit, so that the frames are drawn as the boxes the forces gave them.
local sizes = {d3 = {900, 560}, flow = {1000, 300}}
for _, forces in ipairs{"d3", "flow"} do
  local g = iterations()
  local sim = fl.simulation(g)
  sim:force("charge", fl.force.manyBody{strength = -300})
  if forces == "d3" then
    sim:force("link", fl.force.link{distance = 60})
    sim:force("collide", fl.force.collide{radius = 20})
  else
    sim:force("link", fl.force.link{ends = "handles", distance = 40})  -- springs between the sides edges leave by
    sim:force("collide", fl.force.collide{shape = "box", margin = 10}) -- boxes kept 10 apart
    sim:force("frames", fl.force.frames{shrinks = true})               -- the iteration's frame holds its agents
    sim:force("flow", fl.force.flow{direction = "right"})              -- every edge's target right of its source
  end
  sim:run()
  local overlaps = fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps
  local title = string.format("%s forces: boxes overlapping in %d pairs", forces, overlaps)
  print(title)
  fl.svg.graph(g, out .. "/12-flows-" .. forces .. ".svg", {title = title,
    edgeType = "smoothstep", markerEnd = "arrowClosed", fill = "color", legend = false, fontSize = 12, padding = 40,
    width = sizes[forces][1], height = sizes[forces][2]})
end
