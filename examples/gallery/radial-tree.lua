-- A tree in radial layout: the radial force puts every node on the ring of its depth, link and charge spread
-- each ring around the circle, and collide keeps the crowded outer ring from overlapping. Colours mark the
-- three subtrees under the root.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

local n, branching = 121, 3                                 -- four full levels below the root
local g = fl.graph.generate("tree", {n = n, branching = branching})
local depth, subtree = {[0] = 0}, {[0] = "root"}
for i = 1, n - 1 do
  local parent = (i - 1) // branching
  depth[i] = depth[parent] + 1
  subtree[i] = depth[i] == 1 and ("under " .. i) or subtree[parent]
end
for node in g:nodes() do node.subtree = subtree[node.index] end

local sim = fl.simulation(g, {alphaDecay = 0.01})         -- slower cooling: the subtrees untangle
sim:force("link", fl.force.link{distance = 60, strength = 0.7})
sim:force("charge", fl.force.manyBody{strength = -80})
sim:force("collide", fl.force.collide{radius = 6})
sim:force("radial", fl.force.radial{radius = function(node) return depth[node.index] * 70 end, strength = 0.5})
sim:run()

fl.svg.graph(g, out .. "/radial-tree.svg", {title = "A tree of 121 nodes, one ring per depth",
  width = 560, height = 560, fill = "subtree", legendTitle = "subtree"})
