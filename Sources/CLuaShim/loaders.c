/* Loading Lua source: a corrupt binary chunk can crash any Lua host, so the script loader, load, loadfile, dofile
 * and require's Lua searcher take source text only. Also opens the standard libraries. */
#include "internal.h"
#include <string.h>

int fl_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, len, name, mode);
}

int fl_loadfile(lua_State *L, const char *path) {
    int status = luaL_loadfilex(L, path, "t");
    const char *message = lua_tostring(L, -1);
    if (status == LUA_ERRSYNTAX && path != NULL && message != NULL && strncmp(message, "attempt to load", 15) == 0) {
        /* Lua's mode error does not name the file. */
        lua_pushfstring(L, "%s: %s", path, message);
        lua_remove(L, -2);
    }
    return status;
}

static int text_dofile_done(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L) - 1;
}

/* dofile([filename]) */
static int text_dofile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (fl_loadfile(L, name) != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, text_dofile_done);
    return text_dofile_done(L, 0, 0);
}

/* require's searcher for Lua files (package.searchers[2]); the package table is upvalue 1, the library's
   package.searchpath upvalue 2. */
static int text_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    if (!lua_isstring(L, -1)) return luaL_error(L, "'package.path' must be a string");
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 1; /* the list of files tried */
    const char *filename = lua_tostring(L, -2);
    if (luaL_loadfilex(L, filename, "t") == LUA_OK) {
        lua_pushstring(L, filename);
        return 2;
    }
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
}

/* Calls the library's load or loadfile (upvalue 1) with 'b' taken out of argument `mode` (text by default). The
   arguments are checked here first, as the library checks them, so that an error names the caller's line and
   the function the script called. */
static int call_in_text_mode(lua_State *L, int mode) {
    const char *given = luaL_optstring(L, mode, NULL);
    if (lua_gettop(L) < mode) lua_settop(L, mode);
    luaL_Buffer text;
    luaL_buffinit(L, &text);
    for (const char *c = given != NULL ? given : "t"; *c != '\0'; c++)
        if (*c != 'b') luaL_addchar(&text, *c);
    luaL_pushresult(&text);
    if (lua_rawlen(L, -1) == 0) {
        /* Only binary chunks were asked for: refused, as load refuses a chunk its mode excludes. */
        lua_pushnil(L);
        lua_pushfstring(L, "binary chunks are not loaded (mode is '%s')", given);
        return 2;
    }
    lua_replace(L, mode);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* load(chunk [, chunkname [, mode [, env]]]) */
static int text_load(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_optstring(L, 2, NULL);
    return call_in_text_mode(L, 3);
}

/* loadfile([filename [, mode [, env]]]) */
static int text_loadfile(lua_State *L) {
    luaL_optstring(L, 1, NULL);
    return call_in_text_mode(L, 2);
}

static void install_text_loaders(lua_State *L) {
    lua_getglobal(L, "load");
    lua_pushcclosure(L, text_load, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "loadfile");
    lua_pushcclosure(L, text_loadfile, 1);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, text_dofile);
    lua_setglobal(L, "dofile");
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchers");
    lua_pushvalue(L, -2);
    lua_getfield(L, -1, "searchpath");
    lua_pushcclosure(L, text_searcher, 2);
    lua_rawseti(L, -2, 2);
    lua_pop(L, 2);
}

static int fl_openlibs_protected(lua_State *L) {
    luaL_openlibs(L);
    install_text_loaders(L);
    fl_track_coroutines(L);
    fl_guard_debug_sethook(L);
    return 0;
}

int fl_openlibs(lua_State *L) {
    lua_pushcfunction(L, fl_openlibs_protected);
    return fl_protected_call(L, 0, 0, 0);
}

