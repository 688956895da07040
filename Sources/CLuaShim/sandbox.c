/* The sandbox (forcelab --sandbox): the standard library without what reaches outside the script (processes, the
 * environment, files outside the allowed folders, native code, the debug library, bytecode, the collector's
 * settings). Paths are judged by the host's file-access policy through the checker given to fl_sandbox. */
#include "internal.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* The registry key (its address) of the state's checker: each state keeps its own, so states with different
 * policies can share a process. */
static const char checker_key = 0;

/* Pushes the policy's refusal of `path` and returns 1, or returns 0 when it may be used. A sandboxed state without
 * a checker (none can be) refuses every path. */
static int refused(lua_State *L, const char *path, size_t length, int writing) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &checker_key);
    fl_path_checker checker = (fl_path_checker)(uintptr_t)lua_touserdata(L, -1);
    lua_pop(L, 1);
    char *reason = checker != NULL ? checker(L, path, length, writing) : strdup("no file-access policy is installed");
    if (reason == NULL) return 0;
    lua_pushstring(L, reason);
    free(reason);
    return 1;
}

/* io.open(path [, mode]): the library's (upvalue 1) after the policy allowed the path. */
static int guarded_open(lua_State *L) {
    size_t length;
    const char *path = luaL_checklstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 2, "r");
    if (refused(L, path, length, strpbrk(mode, "wa+") != NULL)) {
        lua_pushnil(L);
        lua_insert(L, -2);
        lua_pushinteger(L, EACCES);
        return 3;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Raises the message on top of the stack as the wrapped library function would have, placed at the script's line
 * (the function calling the guard), as a stock library error is. */
static int raise_located(lua_State *L) {
    if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* How a guarded function fails: a refusal returned as nil, message (loadfile); raised at the caller's line, the
 * function's own errors passing as they are (dofile: its chunk's errors are placed already, and stock Lua does not
 * place its "cannot open"); or raised at the caller's line as the function's own errors are then too (io.lines,
 * io.input, io.output, which place theirs at their caller, the guard). */
enum { RETURNS = 0, RAISES = 1, RAISES_PLACED = 2 };

/* A function taking a file name as argument 1 (upvalue 1: the library's function; upvalue 2: whether it writes;
 * upvalue 3: how it fails, above). Other arguments (none, nil, a file handle) pass as they are. */
static int guarded_path(lua_State *L) {
    int raises = (int)lua_tointeger(L, lua_upvalueindex(3));
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t length;
        const char *path = lua_tolstring(L, 1, &length);
        if (refused(L, path, length, lua_toboolean(L, lua_upvalueindex(2)))) {
            if (raises) return raise_located(L);
            lua_pushnil(L);
            lua_insert(L, -2);
            return 2;
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (raises != RAISES_PLACED) {
        lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
        return lua_gettop(L);
    }
    if (lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0) != LUA_OK) return raise_located(L);
    return lua_gettop(L);
}

/* Replaces field `name` of the table on top of the stack with guarded_path around it. */
static void guard_field(lua_State *L, const char *name, int writing, int raises) {
    lua_getfield(L, -1, name);
    lua_pushboolean(L, writing);
    lua_pushinteger(L, raises);
    lua_pushcclosure(L, guarded_path, 3);
    lua_setfield(L, -2, name);
}

/* require's searcher for Lua files in the sandbox: each file package.path names is tried only when the policy lets
 * it be read, so require neither loads nor probes a file outside the allowed folders. */
static int sandboxed_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    const char *path = lua_tostring(L, -1);
    if (path == NULL) return luaL_error(L, "'package.path' must be a string");
    const char *module = luaL_gsub(L, name, ".", LUA_DIRSEP);
    lua_pushliteral(L, ""); /* the files tried, for the message */
    for (const char *start = path; *start != '\0';) {
        const char *end = strchr(start, *LUA_PATH_SEP);
        const char *piece = start;
        size_t length = end != NULL ? (size_t)(end - start) : strlen(start);
        start = end != NULL ? end + 1 : start + length;
        if (length == 0) continue;
        lua_pushlstring(L, piece, length);
        const char *filename = luaL_gsub(L, lua_tostring(L, -1), LUA_PATH_MARK, module);
        lua_remove(L, -2);
        if (refused(L, filename, lua_rawlen(L, -1), FL_PATH_PROBE)) {
            lua_pop(L, 1);
            lua_pushfstring(L, "\n\tno file '%s' (not readable in the sandbox)", filename);
        } else {
            FILE *file = fopen(filename, "r");
            if (file != NULL) {
                fclose(file);
                if (fl_loadfile(L, filename) != LUA_OK)
                    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename,
                                      lua_tostring(L, -1));
                lua_insert(L, -2);
                return 2;
            }
            lua_pushfstring(L, "\n\tno file '%s'", filename);
        }
        lua_remove(L, -2);
        lua_concat(L, 2);
    }
    /* require puts "\n\t" before the message: leave out the first */
    size_t length;
    const char *tried = lua_tolstring(L, -1, &length);
    lua_pushlstring(L, length >= 2 ? tried + 2 : tried, length >= 2 ? length - 2 : length);
    return 1;
}

/* collectgarbage([opt [, ...]]) with only the options that do not change the collector. */
static int guarded_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    static const char *const allowed[] = {"collect", "count", "step", "isrunning", NULL};
    for (int i = 0; allowed[i] != NULL; i++) {
        if (strcmp(option, allowed[i]) == 0) {
            lua_pushvalue(L, lua_upvalueindex(1));
            lua_insert(L, 1);
            lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
            return lua_gettop(L);
        }
    }
    return luaL_error(L, "collectgarbage('%s') is not available in the sandbox (it changes the collector)", option);
}

/* Sets the fields `names` of the global table `table` to nil. */
static void remove_fields(lua_State *L, const char *table, const char *const names[]) {
    if (lua_getglobal(L, table) == LUA_TTABLE)
        for (int i = 0; names[i] != NULL; i++) {
            lua_pushnil(L);
            lua_setfield(L, -2, names[i]);
        }
    lua_pop(L, 1);
}

/* The fields the sandbox removes from each library, and the global it removes ("debug", listed under "_G"). */
static const char *const os_removed[] = {"execute", "remove", "rename", "tmpname", "exit", "getenv", "setlocale", NULL};
static const char *const io_removed[] = {"popen", "tmpfile", NULL};
static const char *const package_removed[] = {"loadlib", "searchpath", "cpath", NULL};
static const char *const string_removed[] = {"dump", NULL};
static const char *const globals_removed[] = {"debug", NULL};

const char *const *fl_sandbox_removed(const char *library) {
    if (strcmp(library, "os") == 0) return os_removed;
    if (strcmp(library, "io") == 0) return io_removed;
    if (strcmp(library, "package") == 0) return package_removed;
    if (strcmp(library, "string") == 0) return string_removed;
    if (strcmp(library, "_G") == 0) return globals_removed;
    return NULL;
}

static int sandbox_protected(lua_State *L) {
    remove_fields(L, "os", os_removed);
    remove_fields(L, "io", io_removed);
    remove_fields(L, "package", package_removed);
    remove_fields(L, "string", string_removed);

    lua_pushnil(L);
    lua_setglobal(L, "debug");
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "loaded");
    lua_pushnil(L);
    lua_setfield(L, -2, "debug");
    lua_pop(L, 1);
    /* searchers: the preload table and Lua files from allowed folders; no C modules */
    lua_createtable(L, 2, 0);
    lua_getfield(L, -2, "searchers");
    lua_rawgeti(L, -1, 1);
    lua_rawseti(L, -3, 1);
    lua_pop(L, 1);
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, sandboxed_searcher, 1);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "searchers");
    lua_pop(L, 1);

    lua_getglobal(L, "io");
    lua_getfield(L, -1, "open");
    lua_pushcclosure(L, guarded_open, 1);
    lua_setfield(L, -2, "open");
    guard_field(L, "lines", 0, RAISES_PLACED);
    guard_field(L, "input", 0, RAISES_PLACED);
    guard_field(L, "output", 1, RAISES_PLACED);
    lua_pop(L, 1);
    lua_pushglobaltable(L);
    guard_field(L, "loadfile", 0, RETURNS);
    guard_field(L, "dofile", 0, RAISES);
    lua_getfield(L, -1, "collectgarbage");
    lua_pushcclosure(L, guarded_collectgarbage, 1);
    lua_setfield(L, -2, "collectgarbage");
    lua_pop(L, 1);
    return 0;
}

int fl_sandbox(lua_State *L, fl_path_checker check) {
    lua_pushlightuserdata(L, (void *)(uintptr_t)check);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &checker_key);
    lua_pushcfunction(L, sandbox_protected);
    return fl_protected_call(L, 0, 0, 0);
}
