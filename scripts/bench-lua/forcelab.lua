-- forcelab side: the force as a Lua force of a simulation over n nodes (no other force), over node tables (form
-- "tables") or over arrays (form "arrays").
local n, ticks, form = tonumber(arg[1]), tonumber(arg[2]), arg[3] or "tables"
local fl = forcelab
local g = fl.graph.new()
for i = 0, n - 1 do g:addNode{id = tostring(i)} end
local sim = fl.simulation(g)
local folder = arg[0]:match("(.*/)")
if form == "arrays" then
  sim:force("pull", {arrays = true, force = dofile(folder .. "force-arrays.lua")})
else
  sim:force("pull", dofile(folder .. "force.lua"))
end
sim:tick(2)
local start = os.clock()
sim:tick(ticks)
print(string.format("%.3f", (os.clock() - start) * 1000 / ticks))
