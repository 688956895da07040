-- scripts/bench-boxes' Lua side: N boxes of random sizes (seeded) dropped at random into a square of twice their mean total area (room for all),
-- pushed apart by fl.force.collide{shape = "box"} and, on the same start, by fl.force.collide on circles of the same
-- areas; each run until alpha falls below alphaMin (300 ticks), timed with fl.clock, alternating box, circle, box, circle; prints each one's faster run,
-- the ratio and the overlaps left (boxOverlaps for boxes, overlaps for circles).
-- Usage: forcelab scripts/boxes/collide.lua N
local fl = require "forcelab"
local n = assert(math.tointeger(tonumber(arg[1])), "usage: collide.lua N")

local function flow(shape)
  local g = fl.graph.new()
  math.randomseed(7)
  local random = math.random
  local side = math.sqrt(n * 40 * 25 * 2)
  for i = 1, n do
    local w, h = 10 + 60 * random(), 10 + 30 * random()
    local x, y = side * random(), side * random()
    if shape == "box" then
      g:addNode{id = tostring(i), x = x, y = y, width = w, height = h}
    else
      g:addNode{id = tostring(i), x = x + w / 2, y = y + h / 2, data = {r = math.sqrt(w * h / math.pi)}}
    end
  end
  return g
end

local function run(shape)
  local g = flow(shape)
  local sim = fl.simulation(g)
  if shape == "box" then
    sim:force("collide", fl.force.collide{shape = "box"})
  else
    sim:force("collide", fl.force.collide{radius = "r"})
  end
  local start = fl.clock()
  sim:run()
  local seconds = fl.clock() - start
  local m = shape == "box" and fl.metrics(g, {only = {"boxOverlaps"}}).boxOverlaps
    or fl.metrics(g, {only = {"overlaps"}, radius = "r"}).overlaps
  return seconds, m
end

local best = {box = math.huge, circle = math.huge}
local left = {}
for _ = 1, 2 do
  for _, shape in ipairs{"box", "circle"} do
    local seconds, overlaps = run(shape)
    best[shape] = math.min(best[shape], seconds)
    left[shape] = overlaps
  end
end
print(string.format("%7d  boxes %7.3f s (%d overlaps)  circles %7.3f s (%d overlaps)  boxes / circles %.2f",
  n, best.box, left.box, best.circle, left.circle, best.box / best.circle))
