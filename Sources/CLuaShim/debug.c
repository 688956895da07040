/* The debug library without what breaks the host: the registry (the host's own state) and the user values of
 * userdata are out of reach, userdata keep the metatables their makers gave them, the upvalues and stack slots of
 * C functions (the host's bindings and helpers) can be neither read nor replaced, and debug.debug takes source text
 * only. What is left reads and changes Lua code's own state, as in the stock library. */
#include "internal.h"
#include <stdio.h>
#include <string.h>

/* debug.getregistry, debug.getuservalue and debug.setuservalue: refused with a message naming the function
 * (upvalue 1). */
static int refused(lua_State *L) {
    return luaL_error(L, "%s is not available in forcelab (it reaches the host's own state)",
                      lua_tostring(L, lua_upvalueindex(1)));
}

/* Raises an error naming `function` when argument `arg` is a C function. */
static void refuse_c_function(lua_State *L, int arg, const char *function) {
    if (lua_iscfunction(L, arg))
        luaL_error(L, "%s: the upvalues of a C function belong to the host and are not available", function);
}

/* debug.getupvalue(f, up), for Lua functions */
static int lua_getupvalue_only(lua_State *L) {
    int n = (int)luaL_checkinteger(L, 2);
    luaL_checkany(L, 1);
    refuse_c_function(L, 1, "debug.getupvalue");
    const char *name = lua_getupvalue(L, 1, n);
    if (name == NULL) return 0;
    lua_pushstring(L, name);
    lua_insert(L, -2);
    return 2;
}

/* debug.setupvalue(f, up, value), for Lua functions */
static int lua_setupvalue_only(lua_State *L) {
    luaL_checkany(L, 3);
    int n = (int)luaL_checkinteger(L, 2);
    refuse_c_function(L, 1, "debug.setupvalue");
    lua_settop(L, 3);
    const char *name = lua_setupvalue(L, 1, n);
    if (name == NULL) return 0;
    lua_pushstring(L, name);
    return 1;
}

/* debug.upvalueid(f, n), for Lua functions */
static int lua_upvalueid_only(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    int n = (int)luaL_checkinteger(L, 2);
    refuse_c_function(L, 1, "debug.upvalueid");
    void *id = lua_upvalueid(L, 1, n);
    if (id == NULL) luaL_pushfail(L);
    else lua_pushlightuserdata(L, id);
    return 1;
}

/* debug.setlocal([thread,] level, local, value), for levels that run Lua functions */
static int lua_setlocal_only(lua_State *L) {
    int arg = lua_type(L, 1) == LUA_TTHREAD;
    lua_State *L1 = arg ? lua_tothread(L, 1) : L;
    int level = (int)luaL_checkinteger(L, arg + 1);
    int n = (int)luaL_checkinteger(L, arg + 2);
    lua_Debug ar;
    if (!lua_getstack(L1, level, &ar)) return luaL_argerror(L, arg + 1, "level out of range");
    luaL_checkany(L, arg + 3);
    lua_getinfo(L1, "S", &ar);
    if (strcmp(ar.what, "C") == 0)
        return luaL_error(L, "debug.setlocal: level %d runs a C function, whose stack belongs to the host", level);
    lua_settop(L, arg + 3);
    if (L1 != L) {
        luaL_checkstack(L1, 1, "no stack space for the value");
        lua_xmove(L, L1, 1);
    }
    const char *name = lua_setlocal(L1, &ar, n);
    if (name == NULL) lua_pop(L1, 1);
    lua_pushstring(L, name);
    return 1;
}

/* debug.setmetatable(value, table): for any value but a userdata, whose maker's code relies on its metatable */
static int setmetatable_but_userdata(lua_State *L) {
    int type = lua_type(L, 2);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (lua_type(L, 1) == LUA_TUSERDATA)
        return luaL_error(L, "debug.setmetatable: the metatable of a userdata belongs to the code that made it");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* debug.debug(): runs the lines read from stdin (source text only) until one is "cont" */
static int text_debug(lua_State *L) {
    char line[256];
    for (;;) {
        fputs("lua_debug> ", stderr);
        fflush(stderr);
        if (fgets(line, sizeof line, stdin) == NULL || strcmp(line, "cont\n") == 0) return 0;
        if (luaL_loadbufferx(L, line, strlen(line), "=(debug command)", "t") != LUA_OK || lua_pcall(L, 0, 0, 0) != LUA_OK) {
            fprintf(stderr, "%s\n", luaL_tolstring(L, -1, NULL));
            fflush(stderr);
        }
        lua_settop(L, 0);
    }
}

/* Sets field `name` of the table on top of the stack to `f`. */
static void replace(lua_State *L, const char *name, lua_CFunction f) {
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
}

/* Sets field `name` of the table on top of the stack to a refusal naming debug.`name`. */
static void refuse(lua_State *L, const char *name) {
    lua_pushfstring(L, "debug.%s", name);
    lua_pushcclosure(L, refused, 1);
    lua_setfield(L, -2, name);
}

void fl_guard_debug(lua_State *L) {
    if (lua_getglobal(L, "debug") == LUA_TTABLE) {
        refuse(L, "getregistry");
        refuse(L, "getuservalue");
        refuse(L, "setuservalue");
        replace(L, "getupvalue", lua_getupvalue_only);
        replace(L, "setupvalue", lua_setupvalue_only);
        replace(L, "upvalueid", lua_upvalueid_only);
        replace(L, "setlocal", lua_setlocal_only);
        replace(L, "setmetatable", setmetatable_but_userdata);
        replace(L, "debug", text_debug);
    }
    lua_pop(L, 1);
}
