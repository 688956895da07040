-- A model solution of tune.lua: one configuration of many that pass. Stiff springs (several link iterations a tick)
-- keep the edges even; a gentle repulsion unfolds the branches without stretching the edges.
return {
  setup = function(sim)
    sim:force("link", forcelab.force.link{distance = 25, strength = 1, iterations = 6})
    sim:force("charge", forcelab.force.manyBody{strength = -40})
  end,
}
