#include "CLuaShim.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int fl_traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int fl_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, fl_traceback);
    lua_insert(L, base);
    int status = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

int fl_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, len, name, mode);
}

int fl_loadfile(lua_State *L, const char *path) {
    return luaL_loadfilex(L, path, NULL);
}

static int fl_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int fl_tostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, fl_tostring_protected);
    lua_pushvalue(L, idx);
    return lua_pcall(L, 1, 1, 0);
}

int fl_called_as_method(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar)) return 0;
    lua_getinfo(L, "n", &ar);
    return ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
}

static int fl_openlibs_protected(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}

int fl_openlibs(lua_State *L) {
    lua_pushcfunction(L, fl_openlibs_protected);
    return lua_pcall(L, 0, 0, 0);
}

/* ---- interrupts ---- */

static lua_State *volatile interrupt_state = NULL;
static volatile sig_atomic_t interrupted_flag = 0;

static void fl_interrupt_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
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
    if (interrupt_state != NULL) lua_sethook(interrupt_state, NULL, 0, 0);
}

/* ---- a capped allocator ---- */

typedef struct { size_t used; size_t limit; } fl_alloc_state;

static void *fl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fl_alloc_state *st = (fl_alloc_state *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        st->used -= old;
        return NULL;
    }
    if (st->limit != 0 && nsize > old && st->used + (nsize - old) > st->limit)
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
    st->limit = limit;
    lua_State *L = lua_newstate(fl_alloc, st);
    if (L != NULL) {
        lua_atpanic(L, fl_panic);
        lua_setwarnf(L, fl_warn, &warn_state);
    }
    return L;
}

size_t fl_memory_in_use(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud ? ((fl_alloc_state *)ud)->used : 0;
}

/* ---- bulk node sync for Lua-defined forces ---- */

static const char *const node_keys[] = {"x", "y", "z", "vx", "vy", "vz", "fx", "fy", "fz"};

static void push_keys(lua_State *L) {
    for (int k = 0; k < 9; k++) lua_pushstring(L, node_keys[k]);
}

static int nodes_write_protected(lua_State *L) {
    fl_node_state *st = (fl_node_state *)lua_touserdata(L, 1);
    int list = 2;
    push_keys(L); /* keys at 3..11 */
    double *columns[9] = {st->x, st->y, st->z, st->vx, st->vy, st->vz, st->fx, st->fy, st->fz};
    int three = st->dimensions == 3;
    for (int i = 0; i < st->count; i++) {
        lua_rawgeti(L, list, i + 1);
        for (int k = 0; k < 9; k++) {
            if (!three && (k == 2 || k == 5 || k == 8)) continue;
            double v = columns[k][i];
            lua_pushvalue(L, 3 + k);
            if (k >= 6 && v != v) lua_pushnil(L); else lua_pushnumber(L, v);
            lua_rawset(L, -3);
        }
        lua_pop(L, 1);
    }
    return 0;
}

static int nodes_read_protected(lua_State *L) {
    fl_node_state *st = (fl_node_state *)lua_touserdata(L, 1);
    int list = 2;
    push_keys(L);
    double *columns[6] = {st->x, st->y, st->z, st->vx, st->vy, st->vz};
    int three = st->dimensions == 3;
    for (int i = 0; i < st->count; i++) {
        lua_rawgeti(L, list, i + 1);
        for (int k = 0; k < 6; k++) {
            if (!three && (k == 2 || k == 5)) continue;
            lua_pushvalue(L, 3 + k);
            lua_rawget(L, -2);
            int isnum = 0;
            double v = lua_tonumberx(L, -1, &isnum);
            if (isnum) columns[k][i] = v;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return 0;
}

static int nodes_call(lua_State *L, int list, fl_node_state *state, lua_CFunction body) {
    list = lua_absindex(L, list);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, state);
    lua_pushvalue(L, list);
    return lua_pcall(L, 2, 0, 0);
}

int fl_nodes_write(lua_State *L, int list, fl_node_state *state) {
    return nodes_call(L, list, state, nodes_write_protected);
}

int fl_nodes_read(lua_State *L, int list, fl_node_state *state) {
    return nodes_call(L, list, state, nodes_read_protected);
}
