-- Builds one benchmark graph of scripts/bench-scale and saves it as d3 JSON and DOT: forcelab graph.lua KIND SIZE OUT
-- (OUT.json, OUT.dot). Kinds: grid (SIZE × SIZE), ladder (2 × SIZE), tree (complete binary, SIZE nodes),
-- geometric (SIZE nodes uniform in the unit square, linked within the radius giving mean degree 8), sierpinski
-- (the triangle mesh of depth SIZE), G (docs/benchmark-graph.md), file (SIZE is a path: a real graph, read as
-- fl.graph.load reads it).
local fl = forcelab
local kind, size, out = arg[1], math.tointeger(tonumber(arg[2])) or arg[2], arg[3]

local function geometric(n)
    local state = 1
    local function random() -- d3's LCG, seed 1
        state = (1664525 * state + 1013904223) % 4294967296
        return state / 4294967296
    end
    local radius = math.sqrt(8 / (math.pi * n))
    local cells, xs, ys = {}, {}, {}
    local g = fl.graph.new{directed = false}
    local side = math.floor(1 / radius)
    for i = 1, n do
        xs[i], ys[i] = random(), random()
        g:addNode{id = tostring(i)}
        local key = math.floor(xs[i] * side) * (side + 1) + math.floor(ys[i] * side)
        cells[key] = cells[key] or {}
        table.insert(cells[key], i)
    end
    for i = 1, n do
        local cx, cy = math.floor(xs[i] * side), math.floor(ys[i] * side)
        for dx = -1, 1 do for dy = -1, 1 do
            for _, j in ipairs(cells[(cx + dx) * (side + 1) + cy + dy] or {}) do
                if j > i and (xs[i] - xs[j]) ^ 2 + (ys[i] - ys[j]) ^ 2 < radius * radius then
                    g:addEdge{source = tostring(i), target = tostring(j)}
                end
            end
        end end
    end
    return g
end

-- The Sierpinski triangle's mesh: corners and edge midpoints of the small triangles, each side split at its midpoint.
local function sierpinski(depth)
    local g = fl.graph.new{directed = false}
    local function id(x, y) return x .. "," .. y end
    local function node(x, y) if not g:node(id(x, y)) then g:addNode{id = id(x, y)} end return id(x, y) end
    local function link(a, b) if not g:edge(a .. "-" .. b) then g:addEdge{id = a .. "-" .. b, source = a, target = b} end end
    local function triangle(ax, ay, bx, by, cx, cy, d)
        if d == 0 then
            local a, b, c = node(ax, ay), node(bx, by), node(cx, cy)
            link(a, b); link(b, c); link(c, a)
            return
        end
        local abx, aby = (ax + bx) // 2, (ay + by) // 2
        local bcx, bcy = (bx + cx) // 2, (by + cy) // 2
        local cax, cay = (cx + ax) // 2, (cy + ay) // 2
        triangle(ax, ay, abx, aby, cax, cay, d - 1)
        triangle(abx, aby, bx, by, bcx, bcy, d - 1)
        triangle(cax, cay, bcx, bcy, cx, cy, d - 1)
    end
    local s = 1 << (depth + 1)
    triangle(0, 0, 2 * s, 0, s, 2 * s, depth)
    return g
end

local g
if kind == "grid" then g = fl.graph.generate("grid", {rows = size, columns = size})
elseif kind == "ladder" then g = fl.graph.generate("ladder", {rungs = size})
elseif kind == "tree" then g = fl.graph.generate("tree", {n = size, branching = 2})
elseif kind == "geometric" then g = geometric(size)
elseif kind == "sierpinski" then g = sierpinski(size)
elseif kind == "G" then g = fl.graph.generate("recursive", {n = size, seed = 1})
elseif kind == "file" then g = fl.graph.load(size)
else error("unknown graph kind " .. tostring(kind)) end
g.directed = false
g:save(out .. ".json")
g:save(out .. ".dot")
print(g:nodeCount() .. " " .. g:edgeCount())
