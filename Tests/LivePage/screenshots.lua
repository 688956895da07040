-- The sessions scripts/live-screenshots photographs (Tests/LivePage/screenshots.py): "grid", a 6 × 6 grid to be
-- dragged, or "miserables", Les Misérables coloured by group and left to cool. fl.live waits until the page ends it.
local which = arg[1]
local sim
if which == "grid" then
  sim = fl.simulation(fl.graph.generate("grid", {rows = 6, columns = 6}))
else
  sim = fl.simulation(fl.graph.generate("miserables"))
end
sim:force("link", fl.force.link{}); sim:force("charge", fl.force.manyBody{}); sim:force("center", fl.force.center{})
fl.live(sim, which == "grid" and {wait = true, labels = true} or {wait = true, fill = "group"})
