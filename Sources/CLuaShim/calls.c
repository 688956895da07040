/* Calling between Swift and Lua: the error trampoline, protected calls with a traceback, and protected field,
 * global and tostring helpers. */
#include "internal.h"
#include <string.h>

/* lua_pcall from code Swift called: inside it the allocator's hard cap applies again (a failure unwinds only to
 * this call), so user code run by metamethods stays limited. */
int fl_protected_call(lua_State *L, int nargs, int nresults, int handler) {
    int depth = fl_swift_depth(L, 0);
    int status = lua_pcall(L, nargs, nresults, handler);
    fl_swift_depth(L, depth);
    return status;
}

static int fl_trampoline(lua_State *L) {
    fl_binding fn = (fl_binding)lua_touserdata(L, lua_upvalueindex(1));
    int n = fn(L);
    if (n == FL_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n == FL_RAISE) return lua_error(L);
    return n;
}

void fl_pushbinding(lua_State *L, fl_binding fn, int nup) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nup > 0) lua_insert(L, -(nup + 1));
    lua_pushcclosure(L, fl_trampoline, nup + 1);
}

/* A binding called as a table's __call: the table (argument 1) is dropped, so the binding sees the call's own
   arguments and its errors name them, and the caller's line, as a plain call's do. */
static int fl_trampoline_dropping_self(lua_State *L) {
    if (lua_gettop(L) > 0) lua_remove(L, 1);   /* the metamethod itself may be called with no arguments */
    return fl_trampoline(L);
}

void fl_pushcallmetamethod(lua_State *L, int binding) {
    binding = lua_absindex(L, binding);
    int upvalues = 0;
    while (lua_getupvalue(L, binding, upvalues + 1) != NULL) upvalues++;
    lua_pushcclosure(L, fl_trampoline_dropping_self, upvalues);
}

/* Pushes `text` (a message, "stack traceback:" and frame lines) with the lines in the middle left out when there
   are more than Lua's own traceback shows (the first 10 and the last 11, as luaL_traceback keeps them). */
static void push_short_traceback(lua_State *L, const char *text) {
    const char *start = strstr(text, "\nstack traceback:");
    if (start == NULL) {
        lua_pushstring(L, text);
        return;
    }
    start = strchr(start + 1, '\n');
    int lines = 0;
    for (const char *c = start; c != NULL; c = strchr(c + 1, '\n')) lines++;
    if (lines <= 22) {
        lua_pushstring(L, text);
        return;
    }
    const char *headEnd = start;
    for (int i = 0; i < 10; i++) headEnd = strchr(headEnd + 1, '\n');
    const char *tail = headEnd;
    for (int i = 0; i < lines - 21; i++) tail = strchr(tail + 1, '\n');
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    luaL_addlstring(&buffer, text, (size_t)(headEnd - text));
    luaL_addstring(&buffer, "\n\t...\t(frames left out)");
    luaL_addstring(&buffer, tail);
    luaL_pushresult(&buffer);
}

/* Registry key of {thread, message}: the last traceback made, so that a handler further out can tell its own. */
#define LAST_TRACEBACK "forcelab.lastTraceback"

/* Records the traceback on top of the stack as the last one made, on this thread. */
static void remember_traceback(lua_State *L) {
    lua_createtable(L, 2, 0);
    lua_pushthread(L);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, LAST_TRACEBACK);
}

static int fl_traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    if (strstr(msg, "\nstack traceback:\n") != NULL) {
        /* A callback's error that already carries its frames. Taken on this thread, they include ours: keep them.
           Taken on another (a coroutine), continue them with ours, shortened as Lua shortens one traceback. */
        int ours = 0;
        if (lua_getfield(L, LUA_REGISTRYINDEX, LAST_TRACEBACK) == LUA_TTABLE) {
            ours = lua_rawgeti(L, -1, 1) == LUA_TTHREAD && lua_tothread(L, -1) == L;
            lua_rawgeti(L, -2, 2);
            ours = ours && lua_rawequal(L, -1, 1);
            lua_pop(L, 2);
        }
        lua_pop(L, 1);
        if (ours) {
            lua_pushvalue(L, 1);
            return 1;
        }
        luaL_traceback(L, L, NULL, 1);
        const char *frames = strchr(lua_tostring(L, -1), '\n');
        lua_pushfstring(L, "%s%s", msg, frames != NULL ? frames : "");
        push_short_traceback(L, lua_tostring(L, -1));
    } else {
        luaL_traceback(L, L, msg, 1);
    }
    remember_traceback(L);
    return 1;
}

int fl_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, fl_traceback);
    lua_insert(L, base);
    int status = fl_protected_call(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

static int fl_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int fl_tostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, fl_tostring_protected);
    lua_pushvalue(L, idx);
    return fl_protected_call(L, 1, 1, 0);
}

int fl_called_as_method(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar)) return 0;
    lua_getinfo(L, "n", &ar);
    return ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
}

int fl_rawgetfield(lua_State *L, int idx, const char *k) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, k);
    return lua_rawget(L, idx);
}

/* The helper the host is calling through fl_call_host and the pointer it passed (NULL when none), per thread: a
 * state runs on one thread at a time, so states on other threads never see them, and calls nested in one thread
 * (another state's, or the same state's) put back what they found. */
static _Thread_local lua_CFunction host_function = NULL;
static _Thread_local void *host_pointer = NULL;

int fl_call_host(lua_State *L, lua_CFunction f, void *pointer, int nargs, int nresults) {
    lua_pushcfunction(L, f);
    lua_insert(L, -(nargs + 1));
    lua_pushlightuserdata(L, pointer);
    lua_insert(L, -(nargs + 1));
    lua_CFunction saved_function = host_function;
    void *saved_pointer = host_pointer;
    host_function = f;
    host_pointer = pointer;
    int status = fl_protected_call(L, nargs + 1, nresults, 0);
    host_function = saved_function;
    host_pointer = saved_pointer;
    return status;
}

void *fl_host_pointer(lua_State *L, lua_CFunction self) {
    void *pointer = lua_touserdata(L, 1);
    if (lua_type(L, 1) != LUA_TLIGHTUSERDATA || pointer == NULL || pointer != host_pointer || self != host_function)
        luaL_error(L, "this function belongs to the host and cannot be called from a script");
    return pointer;
}

static int getfield_protected(lua_State *L) {
    const char *k = (const char *)fl_host_pointer(L, getfield_protected);
    lua_getfield(L, 2, k);
    return 1;
}

int fl_getfield_protected(lua_State *L, int idx, const char *k) {
    lua_pushvalue(L, idx);
    return fl_call_host(L, getfield_protected, (void *)k, 1, 1);
}

static int getglobal_protected(lua_State *L) {
    lua_getglobal(L, (const char *)fl_host_pointer(L, getglobal_protected));
    return 1;
}

int fl_getglobal_protected(lua_State *L, const char *name) {
    return fl_call_host(L, getglobal_protected, (void *)name, 0, 1);
}

static int setglobal_protected(lua_State *L) {
    const char *name = (const char *)fl_host_pointer(L, setglobal_protected);
    lua_settop(L, 2);
    lua_setglobal(L, name);
    return 0;
}

int fl_setglobal_protected(lua_State *L, const char *name) {
    lua_pushvalue(L, -1);
    int status = fl_call_host(L, setglobal_protected, (void *)name, 1, 0);
    if (status == LUA_OK) lua_pop(L, 1);
    else lua_remove(L, -2);
    return status;
}
