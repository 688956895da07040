local case = function()
local fl = forcelab
local g, g2, sim, sim2, n, e, rec, f, co
pcall(function() g = fl.graph.generate("grid", {rows = 3, columns = 3}); sim = fl.simulation(g); sim:force("link", fl.force.link{}); sim:force("charge", fl.force.manyBody{}); sim:tick(); n = g:nodes()[1]; e = g:edges()[1]; rec = sim:record{frames = true}; sim:tick(2); g2 = fl.graph.new(); sim2 = fl.simulation(g2) end)
pcall(function() setmetatable({}, {__gc = function(...) setmetatable({}, {__gc = function(...) sim:tick(2);  end}); collectgarbage("collect"); return 34 end}); collectgarbage() end)
pcall(function() sim:force("a", function(...) g2:nodeCount(); error(18) end) end)
end
pcall(case)
pcall(collectgarbage)
