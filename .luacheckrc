-- luacheck's configuration for the repository's Lua files (checked by the tests: every file under examples/ has no
-- warnings): Lua 5.4 and forcelab's globals, from the standard `forcelab --definitions` writes (docs/editors.md).
stds.forcelab = dofile("packaging/definitions/luacheck/forcelab.lua")
std = "lua54+forcelab"
