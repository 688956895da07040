-- A rock for the LuaRocks tests: a pure-Lua module (greeting) and a C module (twice), built offline by
-- `luarocks --lua-version 5.4 --tree TREE make demo-1.0-1.rockspec` with the builtin backend.
rockspec_format = "3.0"
package = "demo"
version = "1.0-1"
source = {url = "."}
description = {summary = "A pure-Lua and a C module for forcelab's tests", license = "MIT"}
dependencies = {"lua >= 5.4"}
build = {
  type = "builtin",
  modules = {greeting = "src/greeting.lua", twice = "src/twice.c"},
}
