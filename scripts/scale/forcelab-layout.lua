-- Lays a benchmark graph out with one of forcelab's layouts and saves it: forcelab forcelab-layout.lua METHOD IN OUT.
-- Methods: multilevel, multilevel-solar, multilevel-descent (with 30 epochs of the descent over every pair),
-- multilevel-sparse (with the gradient descent over 200 pivots' terms above 10,000 nodes), multilevel-neighbourhood
-- (the descent where it runs, then 200 steps of the neighbourhood stage), fast (a
-- fast-mode simulation with d3's default link and many-body forces, run until alpha falls below alphaMin), stress
-- (fl.layout.stress). Prints the layout call's wall time in seconds.
local fl = forcelab
local method, input, output = arg[1], arg[2], arg[3]
local g = fl.graph.load(input)
local start = fl.clock()
if method == "multilevel" then
    fl.layout.multilevel(g)
elseif method == "multilevel-solar" then
    fl.layout.multilevel(g, {coarsening = "solar"})
elseif method == "multilevel-descent" then
    fl.layout.multilevel(g, {descentEpochs = 30})
elseif method == "multilevel-neighbourhood" then
    fl.layout.multilevel(g, {descentEpochs = 30, neighbourhoodSteps = 200})
elseif method == "multilevel-sparse" then
    fl.layout.multilevel(g, {sparseDescentPivots = 200})
elseif method == "fast" then
    local sim = fl.simulation(g, {mode = "fast"})
    sim:force("link", fl.force.link{})
    sim:force("charge", fl.force.manyBody{})
    sim:run()
elseif method == "stress" then
    fl.layout.stress(g)
else
    error("unknown method " .. tostring(method))
end
local seconds = fl.clock() - start
g:save(output)
print(string.format("%.3f", seconds))
