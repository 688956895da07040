-- scripts/bench-layered's Lua side: a random graph of N boxes of random sizes (seeded) and 2N edges, laid out by
-- fl.layout.layered (every option at its default) and timed by the process's CPU time (os.clock: the layout runs
-- on one thread, and on a shared machine wall time measures the neighbours); prints the seconds, layers, bends and
-- crossings on one line, and writes the same graph as DOT (boxes of the same sizes, dot-layout.py's settings) to
-- DOT for Graphviz's dot.
-- KIND "dag": fl.graph.generate("erdosRenyi", {n = N, m = 2N}), whose every edge runs from a lower index to a
-- higher one (a DAG); "cycles": the same edges, each turned with a seeded coin (a graph with many cycles).
-- Usage: forcelab scripts/layered/random.lua N KIND DOT
local fl = require "forcelab"
local n, kind, dotPath = math.tointeger(tonumber(arg[1])), arg[2], arg[3]
assert(n and (kind == "dag" or kind == "cycles") and dotPath, "usage: random.lua N dag|cycles DOT")

local drawn = fl.graph.generate("erdosRenyi", {n = n, m = 2 * n, seed = 1})
local g = fl.graph.new()
math.randomseed(n)
local dot = {"digraph random { rankdir = LR; nodesep = 0.4167; ranksep = 0.8333", 'node [shape = box, fixedsize = true, label = ""]'}
for node in drawn:nodes() do
  local width, height = 60 + 100 * math.random(), 30 + 40 * math.random()
  g:addNode{id = node.id, width = width, height = height}
  dot[#dot + 1] = string.format("n%s [width = %.4f, height = %.4f]", node.id, width / 72, height / 72)
end
for edge in drawn:edges() do
  local source, target = edge.source, edge.target
  if kind == "cycles" and math.random() < 0.5 then source, target = target, source end
  g:addEdge{source = source, target = target}
  dot[#dot + 1] = string.format("n%s -> n%s", source, target)
end
dot[#dot + 1] = "}"
local file = assert(io.open(dotPath, "w"))
file:write(table.concat(dot, "\n"), "\n")
file:close()

local start = os.clock()
local outcome = fl.layout.layered(g)
print(string.format("%.4f %d %d %d", os.clock() - start, outcome.layers, outcome.bends, outcome.crossings))
