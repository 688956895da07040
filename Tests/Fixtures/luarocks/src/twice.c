/* A C module, built by luarocks into a tree's lib/lua/5.4/twice.so: it calls the Lua API, which the host that loads
 * it must provide (forcelab links Debian's liblua5.4 dynamically). */
#include <lauxlib.h>

static int twice(lua_State *L) {
    lua_pushnumber(L, 2 * luaL_checknumber(L, 1));
    return 1;
}

int luaopen_twice(lua_State *L) {
    lua_newtable(L);
    lua_pushcfunction(L, twice);
    lua_setfield(L, -2, "twice");
    return 1;
}
