-- scripts/bench-flow's forcelab side: each flow (a React Flow or Flowise file) laid out by fl.layout.layered and
-- by forces (d3's with circles, and the flow forces), each saved as React Flow JSON in WORK/NAME/, with the layout's wall time in WORK/forcelab-times.csv;
-- the flow itself is saved as WORK/NAME/input.json for the anchors.
-- Usage: forcelab scripts/flow/forcelab-layouts.lua WORK FLOW.json ...
local fl = require "forcelab"
local work = assert(arg[1], "usage: forcelab-layouts.lua WORK FLOW.json ...")

-- The force layout with the forces forcelab has: link, many-body, centre, and circles around each box for
-- collision (a box's circle is centred on its position, the corner React Flow keeps, so the radius is its diagonal),
-- from d3's phyllotaxis (the positions a file was saved with are cleared, as for WebCola).
local function forces(g)
  for node in g:nodes() do node.x, node.y = 0 / 0, 0 / 0 end
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{distance = 120})
  sim:force("charge", fl.force.manyBody{strength = -300})
  sim:force("center", fl.force.center{})
  sim:force("collide", fl.force.collide{radius = function(node)
    return math.sqrt((node.width or 0)^2 + (node.height or 0)^2)
  end, iterations = 4})
  sim:run()
end

-- The flow forces (issue 36) from the same start: springs between handles, boxes kept apart, frames holding their
-- children, edges running right.
local function flowForces(g)
  for node in g:nodes() do node.x, node.y = 0 / 0, 0 / 0 end
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{ends = "handles", distance = 60})
  sim:force("charge", fl.force.manyBody{strength = -300})
  sim:force("collide", fl.force.collide{shape = "box", margin = 10})
  sim:force("frames", fl.force.frames{})
  sim:force("flow", fl.force.flow{direction = "right"})
  sim:run()
end

local layouts = {
  {"layered", function(g) fl.layout.layered(g, {direction = "right"}) end},
  {"forces", forces},
  {"flowforces", flowForces},
}

local times = {}
for i = 2, #arg do
  local name = arg[i]:match("([^/]+)%.json$")
  local folder = fl.mkdir(work .. "/" .. name)
  fl.graph.load(arg[i]):save(folder .. "/input.json", {format = "reactflow"})
  for _, layout in ipairs(layouts) do
    local g = fl.graph.load(folder .. "/input.json")
    local start = fl.clock()
    layout[2](g)
    times[#times + 1] = {graph = name, layout = layout[1], seconds = fl.clock() - start}
    g:save(folder .. "/" .. layout[1] .. ".json", {format = "reactflow"})
  end
end
fl.data.write(work .. "/forcelab-times.csv", times, {columns = {"graph", "layout", "seconds"}})
