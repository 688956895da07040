-- Step 1: a graph and where a simulation puts it before any force acts.
-- Nodes without a position start on d3's phyllotaxis spiral: node i at radius 10·sqrt(0.5 + i),
-- turning by the golden angle, so the first nodes sit in the middle and none start on top of another.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- A binary tree of 31 nodes: node 0 is the root, node i's parent is (i - 1) // 2.
local g = fl.graph.generate("tree", {n = 31, branching = 2})
print(tostring(g))

local sim = fl.simulation(g)   -- no forces yet
sim:tick(0)                    -- no tick either: the nodes are just placed
for i = 0, 3 do
  local node = g:node(tostring(i))
  print(string.format("node %d starts at (%.2f, %.2f)", i, node.x, node.y))
end
fl.svg.graph(g, out .. "/01-start.svg",
             {title = "Tick 0: the phyllotaxis spiral", labels = true, width = 480, height = 360})
