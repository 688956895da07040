/* Lua's heap: the capped allocator, the memory limit's hook, the Swift-depth rule, and opening and closing a
 * state (with the stock interpreter's warning system). */
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
void fl_resting_hook(lua_State *L) {
    if (alloc_state(L)->soft != 0) lua_sethook(L, fl_limit_hook, LUA_MASKCOUNT, 1000);
    else lua_sethook(L, NULL, 0, 0);
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
    fl_forget_interrupt_state(L);
    lua_close(L);
    free(st);
}

