local case = function()
local fl = forcelab
local g, g2, sim, sim2, n, e, rec, f, co
pcall(function() g = fl.graph.generate("grid", {rows = 3, columns = 3}); sim = fl.simulation(g); sim:force("link", fl.force.link{}); sim:force("charge", fl.force.manyBody{}); sim:tick(); n = g:nodes()[1]; e = g:edges()[1]; rec = sim:record{frames = true}; sim:tick(2); g2 = fl.graph.new(); sim2 = fl.simulation(g2) end)
pcall(function() g:on("change", function(...) n.type = {};  end) end)
pcall(function() sim:force("link", print) end)
pcall(function() setmetatable({}, {__gc = function(...) setmetatable({}, {__gc = function(...) sim:tick(20); local s = ''; for k, v in pairs(fl.graph) do s = s .. tostring(k) end; f = fl.force.manyBody(); f:y(function(...) sim2:restart();  end); sim:force("link", f); return end}); collectgarbage(); error(1e15) end}); collectgarbage("step") end)
end
pcall(case)
pcall(collectgarbage)
