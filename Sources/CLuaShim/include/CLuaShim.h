/* The only C that touches Lua on behalf of Swift. One file per concern:
 * calls.c (the error trampoline, protected calls and helpers), loaders.c (text-only loading, the standard
 * libraries), memory.c (the capped allocator, opening and closing a state), interrupt.c (Ctrl-C), nodesync.c
 * (bulk copies for Lua forces); the macro shims are at the end of this header. */
#ifndef FORCELAB_CLUASHIM_H
#define FORCELAB_CLUASHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <stddef.h>

/* A Swift binding: returns the number of results, or one of the codes below
 * with the error message (or value) on top of the stack. */
typedef int (*fl_binding)(lua_State *L);

/* Raise the value on top of the stack as it is. */
#define FL_RAISE (-1)
/* Raise the message on top of the stack, prefixed with luaL_where(L, 1). */
#define FL_RAISE_WHERE (-2)

/* Pushes a Lua C closure that calls `fn` and raises its error after `fn` has
 * returned, so no longjmp ever crosses a Swift frame. `nup` upvalues on top of
 * the stack become upvalues 2..nup+1 (upvalue 1 holds `fn`). */
void fl_pushbinding(lua_State *L, fl_binding fn, int nup);

/* lua_pcall with a message handler that appends a traceback; the handler is
 * removed afterwards. Returns the Lua status. */
int fl_pcall(lua_State *L, int nargs, int nresults);

/* luaL_loadbufferx / luaL_loadfilex (errors come back as a status; they allocate, which the host's allocator rule
 * covers, see fl_enter_swift). */
int fl_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode);
int fl_loadfile(lua_State *L, const char *path);

/* tostring(value at idx) under protection (runs __tostring / __name); on
 * success the string is pushed and 0 returned, else the error is pushed. */
int fl_tostring(lua_State *L, int idx);

/* Node state shared with Lua-defined forces: one table per node in an array. */
typedef struct {
    int count;
    int dimensions;
    double *x, *y, *z, *vx, *vy, *vz, *fx, *fy, *fz;
    int fixed_changed;            /* set by fl_nodes_read when a fixed coordinate read back differs from the one held */
    unsigned char *pins_changed;  /* when not NULL, fl_nodes_read sets [i] to 1 for each such node i */
} fl_node_state;

/* Copies positions and velocities (and fixed coordinates, nil where free, when `with_fixed`) into the node tables
 * of the array at `nodes`. Protected: returns a Lua status. */
int fl_nodes_write(lua_State *L, int nodes, fl_node_state *state, int with_fixed);
/* Copies positions, velocities and fixed coordinates back from the node tables (non-numbers leave a value as it
 * was; a fixed coordinate that is not a number is free). Protected. */
int fl_nodes_read(lua_State *L, int nodes, fl_node_state *state);

/* Whether the running C function was called with method syntax (obj:f()). */
int fl_called_as_method(lua_State *L);

/* t[k] without metamethods, for the table at idx; pushes the value and returns its type. */
int fl_rawgetfield(lua_State *L, int idx, const char *k);
/* t[k] with metamethods, under protection: pushes the value (or the error) and returns the Lua status. */
int fl_getfield_protected(lua_State *L, int idx, const char *k);
/* The global `name`, under protection (a strict _G may raise): pushes it (or the error), returns the status. */
int fl_getglobal_protected(lua_State *L, const char *name);
/* Pops a value and sets the global `name` under protection; on failure leaves the error, returns the status. */
int fl_setglobal_protected(lua_State *L, const char *name);

/* Opens the standard libraries under protection. */
int fl_openlibs(lua_State *L);

/* Interrupt support (Ctrl-C): the signal handler sets a flag and installs a
 * hook on the registered state; the hook raises "interrupted!". */
void fl_set_interrupt_state(lua_State *L);
void fl_install_sigint(void);
void fl_restore_sigint(void);
int fl_interrupted(void);
void fl_clear_interrupt(void);

/* A new state whose Lua heap is limited to about `limit` bytes (0 = none): past it, running Lua code fails with
 * "not enough memory: ...". fl_close closes it and frees the allocator's state. */
lua_State *fl_newstate(size_t limit);
void fl_close(lua_State *L);
size_t fl_memory_in_use(lua_State *L);
/* Brackets Swift work (a binding, and the host as a whole from LuaState's start): no allocation failure is
 * reported while Swift frames are on the stack; fl_pcall and the protected helpers lift it for the Lua they run. */
void fl_enter_swift(lua_State *L);
void fl_leave_swift(lua_State *L);

/* Macro shims (function-like macros are invisible to Swift). */
static inline void fl_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void fl_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *fl_tostring_raw(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline lua_Number fl_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
static inline lua_Integer fl_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
static inline void fl_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void fl_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void fl_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline int fl_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int fl_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int fl_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline int fl_isfunction(lua_State *L, int i) { return lua_type(L, i) == LUA_TFUNCTION; }
static inline int fl_istable(lua_State *L, int i) { return lua_type(L, i) == LUA_TTABLE; }
static inline void *fl_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline int fl_getmetatable_named(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
static inline void fl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/* The pointer-sized space Lua keeps before each thread, copied from the main thread into every new one: the host
 * keeps its per-state context there, out of reach of scripts (and of the debug library). */
static inline void **fl_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }

#endif
