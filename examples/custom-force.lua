-- A force written in Lua: pull every node towards the centre of its cluster, d3 style.
-- A stochastic block graph has four planted clusters; with the cluster force they separate clearly.
-- Run: ./scripts/run examples/custom-force.lua [output folder]
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- The table form: initialize(nodes, random) once per node set, force(alpha) every tick.
local function clusterForce(strength)
  local nodes, members = nil, {}
  return {
    initialize = function(list)
      nodes, members = list, {}
      for _, node in ipairs(nodes) do
        local group = node.data.group
        members[group] = members[group] or {}
        table.insert(members[group], node)
      end
    end,
    force = function(alpha)
      for _, group in pairs(members) do
        local cx, cy = 0, 0
        for _, node in ipairs(group) do cx, cy = cx + node.x, cy + node.y end
        cx, cy = cx / #group, cy / #group
        for _, node in ipairs(group) do
          node.vx = node.vx + (cx - node.x) * strength * alpha
          node.vy = node.vy + (cy - node.y) * strength * alpha
        end
      end
    end,
  }
end

-- How well the clusters separate: mean distance to the own cluster's centre over the mean to the others'.
local function separation(g)
  local sums = {}
  for node in g:nodes() do
    local s = sums[node.group] or {x = 0, y = 0, n = 0}
    s.x, s.y, s.n = s.x + node.x, s.y + node.y, s.n + 1
    sums[node.group] = s
  end
  local own, other, count = 0, 0, 0
  for node in g:nodes() do
    for group, s in pairs(sums) do
      local d = math.sqrt((node.x - s.x / s.n) ^ 2 + (node.y - s.y / s.n) ^ 2)
      if group == node.group then own = own + d else other = other + d / 3 end
    end
    count = count + 1
  end
  return own / other
end

local results = {}
for _, withCluster in ipairs{false, true} do
  local g = fl.graph.generate("stochasticBlock", {clusters = 4, size = 30, pIn = 0.15, pOut = 0.02, seed = 7})
  local sim = fl.simulation(g)
  sim:force("link", fl.force.link{})
  sim:force("charge", fl.force.manyBody{strength = -40})
  sim:force("center", fl.force.center{})
  if withCluster then sim:force("cluster", clusterForce(0.3)) end
  sim:run()
  local name = withCluster and "with-cluster-force" or "defaults"
  results[#results + 1] = string.format("%-20s separation %.3f", name, separation(g))
  fl.svg.graph(g, out .. "/custom-force-" .. name .. ".svg", {title = "Stochastic block graph, " .. name})
end
for _, line in ipairs(results) do print(line) end

-- The function form, function(alpha, nodes): a gentle gravity towards the origin.
local g = fl.graph.generate("grid", {rows = 5, columns = 5})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("gravity", function(alpha, nodes)
  for _, node in ipairs(nodes) do
    node.vx = node.vx - node.x * 0.1 * alpha
    node.vy = node.vy - node.y * 0.1 * alpha
  end
end)
sim:run()
local far = 0
for node in g:nodes() do far = math.max(far, math.sqrt(node.x ^ 2 + node.y ^ 2)) end
print(string.format("grid with gravity: farthest node %.1f from the origin", far))
