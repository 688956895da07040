/* The only C that touches Lua on behalf of Swift. One file per concern:
 * calls.c (the error trampoline, protected calls and helpers), loaders.c (text-only loading, the standard
 * libraries), sandbox.c (the sandbox), memory.c (the capped allocator, opening and closing a state), limits.c (instruction, memory and time
 * limits), interrupt.c (Ctrl-C, each state's time limit on one clock, coroutines that run), nodesync.c (bulk copies for Lua forces), arraysync.c (copies for
 * array-form Lua forces); the macro shims are at the end of this header. */
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
/* Pushes, for the binding (made by fl_pushbinding) at `binding`, the __call metamethod that calls it with the
   arguments after the table called. */
void fl_pushcallmetamethod(lua_State *L, int binding);

/* lua_pcall with a message handler that appends a traceback; the handler is
 * removed afterwards. Returns the Lua status. */
int fl_pcall(lua_State *L, int nargs, int nresults);

/* luaL_loadbufferx / luaL_loadfilex (errors come back as a status; they allocate, which the host's allocator rule
 * covers, see fl_enter_swift). */
int fl_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode);
int fl_loadfile(lua_State *L, const char *path);
/* How many binary chunks (precompiled or native code passed off as Lua) the loaders of `L` refused since it opened:
 * load, loadfile, dofile, require and the host's own loads (`forcelab grade` counts them as attempts). */
long long fl_binary_chunks_refused(lua_State *L);

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
    int invalid_node;             /* set by fl_nodes_read to the index of the node holding a value it refused, else -1 */
} fl_node_state;

/* Copies positions and velocities (and fixed coordinates, nil where free, when `with_fixed`) into the node tables
 * of the array at `nodes`. Protected: returns a Lua status. */
int fl_nodes_write(lua_State *L, int nodes, fl_node_state *state, int with_fixed);
/* Copies positions, velocities and fixed coordinates back from the node tables (a fixed coordinate that is nil is
 * free). A value that is not a number, or is NaN, fails with an error naming the field, with `invalid_node` set to
 * the node's index; values of the nodes before it are already copied. Protected. */
int fl_nodes_read(lua_State *L, int nodes, fl_node_state *state);

/* Arrays of array-form Lua forces (arraysync.c): tables holding one number per node at 1..count. */
/* Pushes a new array of `count` zeros. Protected: returns a Lua status. */
int fl_array_new(lua_State *L, int count);
/* Writes source[i] to the array at `array` wherever it differs (bitwise) from shadow[i], which takes it. Protected. */
int fl_array_write(lua_State *L, int array, const double *source, double *shadow, int count);
/* Copies the array's entries to target and shadow; returns -1, or the 0-based index of the first entry that is
 * not a finite number (the entries before it are copied). */
int fl_array_read(lua_State *L, int array, double *target, double *shadow, int count);

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

/* Host objects (objects.c): a userdata holding `object` (a retained Swift reference) in a block tagged by the host,
 * with one user value, pushed without a metatable. fl_toobject gives the object of the value at idx when it is such a
 * block (NULL for any other value, or once taken); fl_takeobject gives it and clears the block (for __gc). */
void fl_pushobject(lua_State *L, void *object);
void *fl_toobject(lua_State *L, int idx);
void *fl_takeobject(lua_State *L, int idx);
/* Whether the value at idx is a host object's block (taken or not). */
int fl_isobject(lua_State *L, int idx);

/* Opens the standard libraries under protection (load, loadfile, dofile and require take source text only, and the
 * debug library keeps away from the host's state: see debug.c). */
int fl_openlibs(lua_State *L);

/* Ctrl-C reaches one state, the session's (the state running at the terminal: the script's, the REPL's, the
 * kernel's), set by fl_set_interrupt_state (NULL: none; a Ctrl-C then is the process's, for a host running no Lua).
 * The signal handler sets that state's flag and the guard hook on its main thread and on its coroutines being
 * resumed; the hook raises "interrupted!". Other states never see it. The first Ctrl-C also puts back the default
 * action, so a second one ends the process as in the stock interpreter; fl_rearm_sigint takes Ctrl-C again (the
 * REPL, back at its prompt). */
void fl_set_interrupt_state(lua_State *L);
void fl_install_sigint(void);
void fl_rearm_sigint(void);
void fl_restore_sigint(void);
/* With `keep` true, Ctrl-C keeps its handler after the first (a notebook kernel, interrupted many times, ends by a
 * message instead). */
void fl_keep_sigint(int keep);
/* Whether `L` has a Ctrl-C pending or has reached its time limit; with NULL, the state Ctrl-C reaches (or, with none,
 * whether a Ctrl-C came). fl_clear_interrupt forgets the pending Ctrl-C of the same. */
int fl_interrupted(lua_State *L);
void fl_clear_interrupt(lua_State *L);
/* Sends the message of the watchdog that ends the process after the time limit's grace period to `descriptor`
 * instead of standard error (for a host that captures standard error meanwhile, as grading does). */
void fl_set_watchdog_descriptor(int descriptor);

/* A new state whose Lua heap is limited to about `memory` bytes and whose process may grow by about twice `memory`
 * bytes of resident memory (0 = no limit), and which may run about `instructions` Lua instructions (0 = no limit). Past a
 * limit, running Lua code fails with "not enough memory: ..." or "instruction limit of N reached"; the instruction
 * limit is sticky (every later instruction fails again), the memory limit holds for as long as too much is in use.
 * A state with either limit counts with a hook on every coroutine and refuses debug.sethook. fl_close closes it and
 * frees the allocator's state. */
lua_State *fl_newstate(size_t memory, long long instructions);
void fl_close(lua_State *L);
/* Starts `L`'s time limit: after `seconds`, running Lua code in `L` fails with "time limit of N s reached",
 * sticky; if `L` is still open 2 s later (stuck in a finalizer, or in a host loop that does not call
 * fl_limits_exceeded) the process ends with a message and exit status 3. Other states keep their own limits (or
 * none). Returns 0, or -1 when the limit cannot be kept (no thread for the clock, or 64 states with a limit). */
int fl_start_timer(lua_State *L, double seconds);
/* The time limit of one chunk (a notebook cell): as fl_start_timer, from now; fl_stop_cell_timer disarms it when the
 * chunk ends and forgets having reached it, so the next chunk runs. */
int fl_start_cell_timer(lua_State *L, double seconds);
void fl_stop_cell_timer(lua_State *L);
/* Seconds left before `L`'s time limit (0 once reached), or -1 when it has none. */
double fl_time_left(lua_State *L);
/* For the host's own long loops (ticks, generators, file records, pictures): charges `cost` instructions (say, the
 * nodes and edges a tick visits) and returns the message to raise when a limit is reached (time, instructions,
 * memory, or a pending Ctrl-C's "interrupted!", which this takes), or NULL to go on. Call it once per step of the
 * loop: it costs a few nanoseconds, and reads /proc at most every 10 ms under a memory limit. */
const char *fl_limits_exceeded(lua_State *L, long long cost);
/* The message of the time or instruction limit once reached (these are sticky), else NULL: the run ends with
 * status 3. */
const char *fl_limit_reached(lua_State *L);
size_t fl_memory_in_use(lua_State *L);
/* The resident size the process may reach under the memory limit, in bytes (0 = no limit). */
size_t fl_resident_budget(lua_State *L);
/* Whether the value at idx is a string whose first line says "not enough memory" (without allocating). */
int fl_is_memory_error(lua_State *L, int idx);
/* A full garbage collection. */
void fl_collect_garbage(lua_State *L);
/* Brackets Swift work (a binding, and the host as a whole from LuaState's start): no allocation failure is
 * reported while Swift frames are on the stack; fl_pcall and the protected helpers lift it for the Lua they run. */
void fl_enter_swift(lua_State *L);
void fl_leave_swift(lua_State *L);

/* The file-access policy of the sandboxed state `L`: returns NULL when `path` (`length` bytes, which may hold a NUL)
 * may be read (or written, when `writing` is FL_PATH_WRITE), else the reason as a string from malloc. FL_PATH_PROBE is a
 * read that require's search tries on its own (each file package.path names), not one the script asked for. */
typedef char *(*fl_path_checker)(lua_State *L, const char *path, size_t length, int writing);
enum { FL_PATH_READ = 0, FL_PATH_WRITE = 1, FL_PATH_PROBE = 2 };
/* Makes the state's standard library a sandbox (see sandbox.c and the README's threat model): removes os.execute,
 * os.remove, os.rename, os.tmpname, os.exit, os.getenv, os.setlocale, io.popen, io.tmpfile, package.loadlib,
 * package.searchpath, package.cpath, the C searchers, string.dump and the debug library; io.open, io.lines,
 * io.input, io.output, loadfile, dofile and require ask `check` (kept in the state's registry: each state its own)
 * about every path; collectgarbage
 * keeps only "collect", "count", "step" and "isrunning". Protected: returns a Lua status. */
int fl_sandbox(lua_State *L, fl_path_checker check);
/* The names the sandbox removes from the library `library` ("os", "io", "package", "string", or "_G" for the
 * globals), NULL-terminated; NULL for another library. */
const char *const *fl_sandbox_removed(const char *library);

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
static inline int fl_getmetatable_named(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
static inline void fl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/* The pointer-sized space Lua keeps before each thread, copied from the main thread into every new one: the host
 * keeps its per-state context there, out of reach of scripts (and of the debug library). */
static inline void **fl_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }

#endif
