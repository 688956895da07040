-- Step 10: a force of your own, in Lua. A force is a function(alpha, nodes) called every tick: it reads
-- positions (node.x, node.y) and changes velocities (node.vx, node.vy), scaled by alpha as d3's forces are.
-- The table form {initialize = function(nodes, random), force = function(alpha)} also gets the node list once,
-- when the force is added (and again if the graph's nodes change), to prepare what every tick needs.
--
-- This force makes a tree read top-down: each edge wants its target at least `gap` below its source.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local function downward(g, gap, strength)
  local links = {}
  return {
    initialize = function(nodes)
      local byId = {}
      for _, node in ipairs(nodes) do byId[node.id] = node end
      links = {}
      for edge in g:edges() do links[#links + 1] = {byId[edge.source], byId[edge.target]} end
    end,
    force = function(alpha)
      for _, link in ipairs(links) do
        local parent, child = link[1], link[2]
        local short = parent.y + gap - child.y          -- how far the child is above where it should be
        if short > 0 then
          local push = short * strength * alpha / 2
          parent.vy, child.vy = parent.vy - push, child.vy + push
        end
      end
    end,
  }
end

for _, withForce in ipairs{false, true} do
  local g = fl.graph.generate("tree", {n = 40, branching = 3})
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{})
  sim:force("charge", fl.force.manyBody{})
  sim:force("center", fl.force.center{})
  if withForce then sim:force("downward", downward(g, 40, 0.5)) end
  sim:run()
  local upward = 0                                      -- edges whose target is drawn above its source
  for edge in g:edges() do
    if g:node(edge.target).y < g:node(edge.source).y then upward = upward + 1 end
  end
  local name = withForce and "with-downward" or "without"
  print(string.format("%-13s %2d of %d edges point upwards", name, upward, g:edgeCount()))
  fl.svg.graph(g, out .. "/10-lua-force-" .. name .. ".svg", {
    title = withForce and "+ the downward force (Lua)" or "d3's defaults",
    markerEnd = "arrowClosed", width = 400, height = 360})
end
