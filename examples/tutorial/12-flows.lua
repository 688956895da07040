-- Step 12: flows. A flow chart's nodes are boxes with a width and a height, placed by their top-left corner; some
-- sit in a parent's frame (their position relative to it), and edges leave by handles on a box's side. d3's forces
-- see circles at the corners, so boxes overlap, steps drift out of their frames and edges run every way. Four
-- forces know flows: collide with shape "box", frames, link between handles, and flow in one direction.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- An order's way through a shop: two groups of steps, edges from each box's right side to the next one's left.
local function orders()
  local g = fl.graph.new{directed = true}
  local handles = {{id = "out", type = "source", position = "right"}, {id = "in", type = "target", position = "left"}}
  for _, group in ipairs{"payment", "shipping"} do g:addNode{id = group, label = group, width = 40, height = 40} end
  local steps = {{"Order placed"}, {"Check stock"}, {"Authorise card", "payment"}, {"Capture payment", "payment"},
    {"Pick items", "shipping"}, {"Pack box", "shipping"}, {"Hand to courier", "shipping"}, {"Email receipt"}}
  for i, step in ipairs(steps) do
    g:addNode{id = step[1], label = step[1], parent = step[2], width = 8 * #step[1] + 24, height = 36,
              handles = handles, data = {kind = step[2] or "step"}}
    if i > 1 then g:addEdge{source = steps[i - 1][1], target = step[1], sourceHandle = "out", targetHandle = "in"} end
  end
  g:addEdge{source = "Capture payment", target = "Email receipt", sourceHandle = "out", targetHandle = "in"}
  return g
end

-- Each picture about one pixel per unit, so that the frames are drawn as the boxes the forces gave them.
local sizes = {d3 = {1080, 600}, flow = {1320, 380}}
for _, forces in ipairs{"d3", "flow"} do
  local g = orders()
  local sim = fl.simulation(g)
  sim:force("charge", fl.force.manyBody{strength = -300})
  if forces == "d3" then
    sim:force("link", fl.force.link{distance = 60})
    sim:force("collide", fl.force.collide{radius = 20})
  else
    sim:force("link", fl.force.link{ends = "handles", distance = 40})  -- springs between the sides edges leave by
    sim:force("collide", fl.force.collide{shape = "box", margin = 10}) -- boxes kept 10 apart
    sim:force("frames", fl.force.frames{shrinks = true})               -- each group's frame holds its steps
    sim:force("flow", fl.force.flow{direction = "right"})              -- every edge's target right of its source
  end
  sim:run()
  local overlaps = fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps
  local title = string.format("%s forces: boxes overlapping in %d pairs", forces, overlaps)
  print(title)
  fl.svg.graph(g, out .. "/12-flows-" .. forces .. ".svg", {title = title,
    edgeType = "smoothstep", markerEnd = "arrowClosed", fill = "kind", legend = false, fontSize = 12,
    width = sizes[forces][1], height = sizes[forces][2]})
end
