/* Loading Lua source: a corrupt binary chunk can crash any Lua host, so the script loader, load, loadfile, dofile
 * and require's Lua searcher take source text only (load and loadfile are the host's own, so no raw one is left for
 * the debug library to find). Also opens the standard libraries. */
#include "internal.h"
#include <string.h>

/* Counts a load that failed because its chunk is binary (Lua's "attempt to load a binary chunk"); returns status. */
static int noted(lua_State *L, int status) {
    const char *message = status == LUA_ERRSYNTAX ? lua_tostring(L, -1) : NULL;
    if (message != NULL && strstr(message, "attempt to load a binary chunk") != NULL) fl_state_of(L)->binary_chunks++;
    return status;
}

long long fl_binary_chunks_refused(lua_State *L) { return fl_state_of(L)->binary_chunks; }

int fl_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return noted(L, luaL_loadbufferx(L, buf, len, name, mode));
}

int fl_loadfile(lua_State *L, const char *path) {
    int status = noted(L, luaL_loadfilex(L, path, "t"));
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
    if (noted(L, luaL_loadfilex(L, filename, "t")) == LUA_OK) {
        lua_pushstring(L, filename);
        return 2;
    }
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
}

/* Pushes argument `mode` (text by default) without 'b' and returns NULL, or, when only binary chunks were asked for,
   pushes nil and a refusal (as load refuses a chunk its mode excludes) and returns the count of those results. */
static int push_text_mode(lua_State *L, int mode) {
    const char *given = luaL_optstring(L, mode, NULL);
    luaL_Buffer text;
    luaL_buffinit(L, &text);
    for (const char *c = given != NULL ? given : "t"; *c != '\0'; c++)
        if (*c != 'b') luaL_addchar(&text, *c);
    luaL_pushresult(&text);
    if (lua_rawlen(L, -1) > 0) return 0;
    fl_state_of(L)->binary_chunks++;
    luaL_pushfail(L);
    lua_pushfstring(L, "binary chunks are not loaded (mode is '%s')", given);
    return 2;
}

/* The results of load and loadfile: the chunk (with `env`, when not 0, as its first upvalue), or nil and the
   message on top of the stack. */
static int load_results(lua_State *L, int status, int env) {
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    }
    return 1;
}

/* The stack slot load keeps the reader's last piece in (after its four arguments and the mode). */
#define READER_SLOT 6

/* load's reader for a function chunk (argument 1): each call's string, until nil or an empty string. */
static const char *function_reader(lua_State *L, void *data, size_t *size) {
    (void)data;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, READER_SLOT);
    return lua_tolstring(L, READER_SLOT, size);
}

/* load(chunk [, chunkname [, mode [, env]]]), as the library's, for source text only: no raw load exists in the
   state for the debug library to find. */
static int text_load(lua_State *L) {
    size_t length;
    const char *chunk = lua_tolstring(L, 1, &length);
    int env = lua_isnone(L, 4) ? 0 : 4;
    if (chunk == NULL) luaL_checktype(L, 1, LUA_TFUNCTION);
    const char *name = luaL_optstring(L, 2, chunk != NULL ? chunk : "=(load)");
    lua_settop(L, 4);
    int refused = push_text_mode(L, 3);
    if (refused) return refused;
    const char *mode = lua_tostring(L, 5);
    int status;
    if (chunk != NULL) {
        status = noted(L, luaL_loadbufferx(L, chunk, length, name, mode));
    } else {
        lua_settop(L, READER_SLOT);
        status = noted(L, lua_load(L, function_reader, NULL, name, mode));
    }
    return load_results(L, status, env);
}

/* loadfile([filename [, mode [, env]]]), as the library's, for source text only. */
static int text_loadfile(lua_State *L) {
    const char *name = luaL_optstring(L, 1, NULL);
    int env = lua_isnone(L, 3) ? 0 : 3;
    int refused = push_text_mode(L, 2);
    if (refused) return refused;
    return load_results(L, noted(L, luaL_loadfilex(L, name, lua_tostring(L, -1))), env);
}

static void install_text_loaders(lua_State *L) {
    lua_pushcfunction(L, text_load);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, text_loadfile);
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
    fl_guard_string_matching(L);
    install_text_loaders(L);
    fl_track_coroutines(L);
    fl_guard_debug(L);
    fl_guard_debug_sethook(L);
    return 0;
}

int fl_openlibs(lua_State *L) {
    lua_pushcfunction(L, fl_openlibs_protected);
    return fl_protected_call(L, 0, 0, 0);
}

