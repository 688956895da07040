local case = function()
local fl = forcelab
local g, g2, sim, sim2, n, e, rec, f, co
pcall(function() g = fl.graph.generate("grid", {rows = 3, columns = 3}); sim = fl.simulation(g); sim:force("link", fl.force.link{}); sim:force("charge", fl.force.manyBody{}); sim:tick(); n = g:nodes()[1]; e = g:edges()[1]; rec = sim:record{frames = true}; sim:tick(2); g2 = fl.graph.new(); sim2 = fl.simulation(g2) end)
pcall(function() g:on("change", function(...) setmetatable({}, {__gc = function(...) g:children({frames = nil}, math.mininteger, math.mininteger, "<&>\""); g:addEdge{source = setmetatable({}, {__len = function() return 2^62 end}), target = sim2, id = 100}; g:edgeCount(1e15, 7, 39, {format = function() return 1e9 end, data = "nan"}); error(0) end}); collectgarbage(); setmetatable({}, {__gc = function(...) sim:alphaMin(); return end}); collectgarbage("step"); co = coroutine.wrap(function(...) local v = n.degree; v = e and e.source; coroutine.yield(function(...) ; return 2 end); co = coroutine.wrap(function(...) setmetatable({}, {__gc = function(...) ; return end}); collectgarbage(); coroutine.yield({name = "a\0b", edges = 0/0, axes = nil, false, co}); setmetatable({}, {__gc = function(...) sim:tick(1); fl.html.replay(rec, "out/r.html", {}); return "\0" end}); collectgarbage() end); co(); co() end); co(); co();  end) end)
pcall(function() sim:force("link", function(...) setmetatable({}, {__gc = function(...) ; return nil end}); collectgarbage(); return n end) end)
pcall(function() n.selected = 16 end)
end
pcall(case)
pcall(collectgarbage)
