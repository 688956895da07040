-- forcelab side: the force as a Lua force of a simulation over n nodes (no other force).
local n, ticks = tonumber(arg[1]), tonumber(arg[2])
local fl = forcelab
local g = fl.graph.new()
for i = 0, n - 1 do g:addNode{id = tostring(i)} end
local sim = fl.simulation(g)
sim:force("pull", dofile(arg[0]:match("(.*/)") .. "force.lua"))
sim:tick(2)
local start = os.clock()
sim:tick(ticks)
print(string.format("%.3f", (os.clock() - start) * 1000 / ticks))
