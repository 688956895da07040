-- luacheck standard for forcelab's globals, written by `forcelab --definitions` (docs/editors.md). In a .luacheckrc:
--   stds.forcelab = dofile("/usr/share/forcelab/luacheck/forcelab.lua")
--   std = "lua54+forcelab"
local module = {
  fields = {
      build = {other_fields = true},
      clock = {},
      data = {fields = {
        read = {},
        write = {},
      }},
      display = {},
      force = {fields = {
        center = {},
        collide = {},
        flow = {},
        frames = {},
        link = {},
        manyBody = {},
        radial = {},
        x = {},
        y = {},
        z = {},
      }},
      graph = {fields = {
        communities = {},
        components = {},
        cores = {},
        generate = {},
        generators = {other_fields = true},
        load = {},
        new = {},
      }},
      html = {fields = {
        replay = {},
      }},
      layout = {fields = {
        layered = {},
        multilevel = {},
        stress = {},
      }},
      live = {fields = {
        stop = {},
      }},
      metrics = {},
      mkdir = {},
      simulation = {},
      svg = {fields = {
        graph = {},
        plot = {},
        radar = {},
      }},
      version = {},
  },
}
return {read_globals = {fl = module, forcelab = module}}
