-- Step 7: positioning forces. fl.force.x and fl.force.y pull each node towards a target coordinate, and
-- fl.force.radial towards a circle; the target (and the strength) may differ per node: a number, a data field's
-- name or a function of the node.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")

-- Three planted clusters (data.group = 0, 1, 2): x pulls each cluster to its own x, y keeps them level.
local g = fl.graph.generate("stochasticBlock", {clusters = 3, size = 20, pIn = 0.2, pOut = 0.02, seed = 4})
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})
sim:force("charge", fl.force.manyBody{strength = -20})
sim:force("x", fl.force.x{x = function(node) return (node.group - 1) * 200 end, strength = 0.5})
sim:force("y", fl.force.y{y = 0, strength = 0.05})
sim:run()
fl.svg.graph(g, out .. "/07-positioning-columns.svg",
             {title = "x: each group pulled to its own x", width = 480, height = 200})

-- A tree of 40 nodes: radial puts each node on the circle of its depth (node i's parent is (i - 1) // 3).
local tree = fl.graph.generate("tree", {n = 40, branching = 3})
local depth = {[0] = 0}
for i = 1, 39 do depth[i] = depth[(i - 1) // 3] + 1 end
for node in tree:nodes() do node.depth = depth[tonumber(node.id)] end
local rings = fl.simulation(tree)
rings:force("link", fl.force.link{})
rings:force("charge", fl.force.manyBody{strength = -60})
rings:force("radial", fl.force.radial{radius = function(node) return node.depth * 60 end, strength = 0.8})
rings:run()
fl.svg.graph(tree, out .. "/07-positioning-radial.svg",
             {title = "radial: one ring per depth", group = "depth", width = 400, height = 400})
