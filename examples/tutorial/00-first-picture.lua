-- A first picture: Les Misérables' characters, laid out by d3's three default forces.
local fl = require "forcelab"
local out = fl.mkdir(arg[1] or "out")
local g = fl.graph.generate("miserables")             -- 77 characters, 254 co-appearances
local sim = fl.simulation(g)
sim:force("link", fl.force.link{})                     -- springs along the edges
sim:force("charge", fl.force.manyBody{})               -- every node repels every other
sim:force("center", fl.force.center{})                 -- keeps the drawing at the origin
sim:run()                                              -- 300 ticks, as d3 does
fl.svg.graph(g, out .. "/00-first-picture.svg", {title = "Les Misérables", width = 560, height = 420})
