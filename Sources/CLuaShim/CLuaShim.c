#include "CLuaShim.h"
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fl_swift_depth(lua_State *L, int depth);

/* lua_pcall from code Swift called: inside it the allocator's hard cap applies again (a failure unwinds only to
 * this call), so user code run by metamethods stays limited. */
static int protected_call(lua_State *L, int nargs, int nresults, int handler) {
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
    int status = protected_call(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

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

static int fl_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int fl_tostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, fl_tostring_protected);
    lua_pushvalue(L, idx);
    return protected_call(L, 1, 1, 0);
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

static int getfield_protected(lua_State *L) {
    lua_getfield(L, 1, (const char *)lua_touserdata(L, 2));
    return 1;
}

int fl_getfield_protected(lua_State *L, int idx, const char *k) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, getfield_protected);
    lua_pushvalue(L, idx);
    lua_pushlightuserdata(L, (void *)k);
    return protected_call(L, 2, 1, 0);
}

static int getglobal_protected(lua_State *L) {
    lua_getglobal(L, (const char *)lua_touserdata(L, 1));
    return 1;
}

int fl_getglobal_protected(lua_State *L, const char *name) {
    lua_pushcfunction(L, getglobal_protected);
    lua_pushlightuserdata(L, (void *)name);
    return protected_call(L, 1, 1, 0);
}

static int setglobal_protected(lua_State *L) {
    lua_pushvalue(L, 2);
    lua_setglobal(L, (const char *)lua_touserdata(L, 1));
    return 0;
}

int fl_setglobal_protected(lua_State *L, const char *name) {
    lua_pushcfunction(L, setglobal_protected);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushvalue(L, -3);
    int status = protected_call(L, 2, 0, 0);
    if (status == LUA_OK) lua_pop(L, 1);
    else lua_remove(L, -2);
    return status;
}

/* ---- text chunks only: a corrupt binary chunk can crash any Lua host, so load, loadfile, dofile and require
   take source text, as the scripts the host runs do ---- */

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
    return 0;
}

int fl_openlibs(lua_State *L) {
    lua_pushcfunction(L, fl_openlibs_protected);
    return protected_call(L, 0, 0, 0);
}

/* ---- the memory limit and interrupts ---- */

/* Lua's heap: bytes in use, the soft limit checked from a hook while Lua runs, and the hard cap the allocator
 * enforces. While a Swift binding runs (`swift_depth` > 0) only real allocation failures are reported, so a
 * memory error never unwinds through Swift frames; the hook raises it as soon as Lua code runs again. */
typedef struct {
    size_t used;
    size_t soft;
    size_t hard;
    int swift_depth;
} fl_alloc_state;

static fl_alloc_state *alloc_state(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (fl_alloc_state *)ud;
}

static void fl_limit_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    fl_alloc_state *st = alloc_state(L);
    if (st->soft != 0 && st->used > st->soft) {
        if (st->soft % (1 << 20) == 0)
            luaL_error(L, "not enough memory: the limit of %I MiB was reached", (lua_Integer)(st->soft >> 20));
        luaL_error(L, "not enough memory: the limit of %I bytes was reached", (lua_Integer)st->soft);
    }
}

/* The hook that runs when no interrupt is pending: the memory check, or none. */
static void fl_resting_hook(lua_State *L) {
    if (alloc_state(L)->soft != 0) lua_sethook(L, fl_limit_hook, LUA_MASKCOUNT, 1000);
    else lua_sethook(L, NULL, 0, 0);
}

static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupted_flag = 0;

static void fl_interrupt_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    fl_resting_hook(L);
    interrupted_flag = 0;
    luaL_error(L, "interrupted!");
}

static void fl_sigint(int sig) {
    (void)sig;
    interrupted_flag = 1;
    if (interrupt_state != NULL)
        lua_sethook(interrupt_state, fl_interrupt_hook,
                    LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void fl_set_interrupt_state(lua_State *L) { interrupt_state = L; }

static struct sigaction previous_action;

void fl_install_sigint(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fl_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_action);
}

void fl_restore_sigint(void) { sigaction(SIGINT, &previous_action, NULL); }
int fl_interrupted(void) { return interrupted_flag != 0; }
void fl_clear_interrupt(void) {
    interrupted_flag = 0;
    if (interrupt_state != NULL) fl_resting_hook(interrupt_state);
}

void fl_enter_swift(lua_State *L) { alloc_state(L)->swift_depth++; }

int fl_swift_depth(lua_State *L, int depth) {
    fl_alloc_state *st = alloc_state(L);
    int previous = st->swift_depth;
    st->swift_depth = depth;
    return previous;
}
void fl_leave_swift(lua_State *L) { alloc_state(L)->swift_depth--; }

/* ---- the allocator ---- */

static void *fl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fl_alloc_state *st = (fl_alloc_state *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        st->used -= old;
        return NULL;
    }
    if (st->hard != 0 && st->swift_depth == 0 && nsize > old && st->used + (nsize - old) > st->hard)
        return NULL;
    void *block = realloc(ptr, nsize);
    if (block != NULL) st->used = st->used - old + nsize;
    return block;
}

static int fl_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "forcelab: unprotected Lua error: %s\n", msg ? msg : "?");
    return 0;
}

/* The warning system of the stock interpreter: off until "@on", pieces joined. */
typedef struct { int on; int continuing; } fl_warn_state;
static fl_warn_state warn_state = {0, 0};

static void fl_warn(void *ud, const char *message, int tocont) {
    fl_warn_state *st = (fl_warn_state *)ud;
    if (!st->continuing && !tocont && message[0] == '@') {
        if (strcmp(message, "@off") == 0) st->on = 0;
        else if (strcmp(message, "@on") == 0) st->on = 1;
        return;
    }
    if (st->on) {
        if (!st->continuing) fputs("Lua warning: ", stderr);
        fputs(message, stderr);
        if (!tocont) fputs("\n", stderr);
        fflush(stderr);
    }
    st->continuing = tocont;
}

lua_State *fl_newstate(size_t limit) {
    fl_alloc_state *st = (fl_alloc_state *)calloc(1, sizeof *st);
    if (st == NULL) return NULL;
    st->soft = limit;
    st->hard = limit == 0 ? 0 : limit + limit / 4 + ((size_t)8 << 20);
    lua_State *L = lua_newstate(fl_alloc, st);
    if (L == NULL) {
        free(st);
        return NULL;
    }
    lua_atpanic(L, fl_panic);
    lua_setwarnf(L, fl_warn, &warn_state);
    fl_resting_hook(L);
    return L;
}

size_t fl_memory_in_use(lua_State *L) { return alloc_state(L)->used; }

void fl_close(lua_State *L) {
    fl_alloc_state *st = alloc_state(L);
    if (interrupt_state == L) interrupt_state = NULL;
    lua_close(L);
    free(st);
}

/* ---- bulk node sync for Lua-defined forces ---- */

typedef struct {
    fl_node_state *state;
    int with_fixed;
    int reading;
} sync_request;

/* The columns a sync moves and their key names: positions and velocities, then fixed coordinates (always read
 * back, so a Lua force may pin a node; written only while some node is fixed, so free nodes carry no fx/fy). */
static int sync_columns(const sync_request *rq, double **columns, const char **names) {
    fl_node_state *st = rq->state;
    int three = st->dimensions == 3, count = 0;
    columns[count] = st->x; names[count++] = "x";
    columns[count] = st->y; names[count++] = "y";
    if (three) { columns[count] = st->z; names[count++] = "z"; }
    columns[count] = st->vx; names[count++] = "vx";
    columns[count] = st->vy; names[count++] = "vy";
    if (three) { columns[count] = st->vz; names[count++] = "vz"; }
    if (rq->with_fixed || rq->reading) {
        columns[count] = st->fx; names[count++] = "fx";
        columns[count] = st->fy; names[count++] = "fy";
        if (three) { columns[count] = st->fz; names[count++] = "fz"; }
    }
    return count;
}

/* Compiles (once per state) a generated Lua function that moves `fields` named values for `batch` nodes: the
 * writer takes (nodes, base, values...) and assigns them, the reader takes (nodes, base) and returns them. Table
 * field writes and reads then run at the VM's speed instead of one API call each. */
static void push_batch_function(lua_State *L, const char **names, int fields, int batch, int reading) {
    char key[48];
    snprintf(key, sizeof key, "forcelab.sync.%d.%d.%d", reading, fields, batch);
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) == LUA_TFUNCTION) return;
    lua_pop(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    char line[64];
    if (reading) {
        luaL_addstring(&b, "return function(nodes, base)\n");
        for (int j = 1; j <= batch; j++) {
            snprintf(line, sizeof line, "local t%d = nodes[base + %d]\n", j, j);
            luaL_addstring(&b, line);
        }
        luaL_addstring(&b, "return ");
        for (int j = 1; j <= batch; j++)
            for (int k = 0; k < fields; k++) {
                snprintf(line, sizeof line, "%st%d.%s", (j == 1 && k == 0) ? "" : ", ", j, names[k]);
                luaL_addstring(&b, line);
            }
        luaL_addstring(&b, "\nend\n");
    } else {
        luaL_addstring(&b, "return function(nodes, base");
        for (int j = 1; j <= batch; j++)
            for (int k = 0; k < fields; k++) {
                snprintf(line, sizeof line, ", v%d_%d", j, k);
                luaL_addstring(&b, line);
            }
        luaL_addstring(&b, ")\nlocal t\n");
        for (int j = 1; j <= batch; j++) {
            snprintf(line, sizeof line, "t = nodes[base + %d]\n", j);
            luaL_addstring(&b, line);
            for (int k = 0; k < fields; k++) {
                snprintf(line, sizeof line, "t.%s = v%d_%d\n", names[k], j, k);
                luaL_addstring(&b, line);
            }
        }
        luaL_addstring(&b, "end\n");
    }
    luaL_pushresult(&b);
    size_t length;
    const char *source = lua_tolstring(L, -1, &length);
    if (luaL_loadbuffer(L, source, length, "=(forcelab node sync)") != LUA_OK) lua_error(L);
    lua_call(L, 0, 1);
    lua_remove(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
}

/* Whether two doubles hold the same value: any NaN equals any NaN, and 0 and -0 differ. */
static int same_value(double a, double b) {
    if (a != a || b != b) return a != a && b != b;
    return a == b && signbit(a) == signbit(b);
}

/* Stores a value read back from a node table: fixed coordinates turn nil into "free" (NaN) and note a change in
 * `fixed_changed` and `pins_changed`; other columns keep their value when the table holds no number. */
static void store_read(lua_State *L, int index, fl_node_state *st, double *column, int i, int fixed) {
    int isnum = 0;
    double v = lua_tonumberx(L, index, &isnum);
    if (!fixed) {
        if (isnum) column[i] = v;
        return;
    }
    if (!isnum) v = 0.0 / 0.0;
    if (!same_value(v, column[i])) {
        st->fixed_changed = 1;
        if (st->pins_changed) st->pins_changed[i] = 1;
    }
    column[i] = v;
}

static int sync_protected(lua_State *L) {
    const sync_request *rq = (const sync_request *)lua_touserdata(L, 1);
    const int nodes = 2;
    fl_node_state *st = rq->state;
    double *columns[9];
    const char *names[9];
    int count = sync_columns(rq, columns, names);
    int three = st->dimensions == 3;
    int moving = three ? 6 : 4;                /* positions and velocities */
    int fields = rq->reading ? count : moving; /* what the batch functions move */
    int batch = three ? 16 : 32;               /* keeps a reader's results under Lua's 255 registers */
    luaL_checkstack(L, batch * fields + 20, "node sync");
    int batched = st->count - st->count % batch;
    push_batch_function(L, names, fields, batch, rq->reading);
    int function = lua_gettop(L);
    for (int base = 0; base < batched; base += batch) {
        lua_pushvalue(L, function);
        lua_pushvalue(L, nodes);
        lua_pushinteger(L, base);
        if (rq->reading) {
            lua_call(L, 2, batch * fields);
            int first = lua_gettop(L) - batch * fields + 1;
            for (int j = 0; j < batch; j++)
                for (int k = 0; k < fields; k++) store_read(L, first + j * fields + k, st, columns[k], base + j, k >= moving);
            lua_settop(L, function);
        } else {
            for (int j = 0; j < batch; j++)
                for (int k = 0; k < fields; k++) lua_pushnumber(L, columns[k][base + j]);
            lua_call(L, 2 + batch * fields, 0);
        }
    }
    lua_settop(L, nodes);
    /* The nodes after the last whole batch, and fixed coordinates being written, one field at a time. */
    for (int k = 0; k < count; k++) lua_pushstring(L, names[k]);
    const int keys = nodes + 1;
    for (int i = 0; i < st->count; i++) {
        int first = i < batched ? fields : 0;
        if (first >= count) continue;
        if (lua_rawgeti(L, nodes, i + 1) != LUA_TTABLE)
            return luaL_error(L, "nodes[%d] is no longer a node table (a Lua force replaced it)", i + 1);
        for (int k = first; k < count; k++) {
            lua_pushvalue(L, keys + k);
            if (rq->reading) {
                lua_rawget(L, -2);
                store_read(L, -1, st, columns[k], i, k >= moving);
                lua_pop(L, 1);
            } else {
                double v = columns[k][i];
                if (k >= moving && v != v) lua_pushnil(L); else lua_pushnumber(L, v);
                lua_rawset(L, -3);
            }
        }
        lua_pop(L, 1);
    }
    return 0;
}

static int sync_call(lua_State *L, int nodes, sync_request *rq) {
    nodes = lua_absindex(L, nodes);
    lua_pushcfunction(L, sync_protected);
    lua_pushlightuserdata(L, rq);
    lua_pushvalue(L, nodes);
    return protected_call(L, 2, 0, 0);
}

int fl_nodes_write(lua_State *L, int nodes, fl_node_state *state, int with_fixed) {
    sync_request rq = {state, with_fixed, 0};
    return sync_call(L, nodes, &rq);
}

int fl_nodes_read(lua_State *L, int nodes, fl_node_state *state) {
    sync_request rq = {state, 0, 1};
    return sync_call(L, nodes, &rq);
}
