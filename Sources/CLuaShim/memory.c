/* Lua's heap: the capped allocator, the Swift-depth rule, and opening and closing a state (with the stock
 * interpreter's warning system). */
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* While a Swift binding runs (`swift_depth` > 0) only real allocation failures are reported, so a memory error
 * never unwinds through Swift frames; the guard hook raises it as soon as Lua code runs again. */
fl_alloc_state *fl_state_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (fl_alloc_state *)ud;
}

void fl_enter_swift(lua_State *L) { fl_state_of(L)->swift_depth++; }

int fl_swift_depth(lua_State *L, int depth) {
    fl_alloc_state *st = fl_state_of(L);
    int previous = st->swift_depth;
    st->swift_depth = depth;
    return previous;
}
void fl_leave_swift(lua_State *L) { fl_state_of(L)->swift_depth--; }

/* How many times the memory limit the whole process may grow by: twice, or under AddressSanitizer or
 * ThreadSanitizer (whose shadow memory and quarantine multiply what a program holds) eight times. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PROCESS_FACTOR 8
#endif
#endif
#ifndef PROCESS_FACTOR
#define PROCESS_FACTOR 2
#endif

/* ---- the allocator ---- */

/* Memory held back for the host: when the system refuses Lua an allocation (ulimit -v, overcommit off), this is
 * given back so that the error's way out (the traceback, the host's message, Swift's own allocations, which cannot
 * fail gracefully) finds memory; it is taken again once Lua has freed as much. */
#define RESERVE_BYTES ((size_t)32 << 20)
static void *reserve = NULL;
static size_t freed_since_release = 0;

static void *fl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fl_alloc_state *st = (fl_alloc_state *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        st->used -= old;
        if (reserve == NULL && (freed_since_release += old) >= 2 * RESERVE_BYTES) {
            reserve = malloc(RESERVE_BYTES);
            freed_since_release = 0;
        }
        return NULL;
    }
    if (st->hard != 0 && st->swift_depth == 0 && nsize > old && st->used + (nsize - old) > st->hard)
        return NULL;
    void *block = realloc(ptr, nsize);
    if (block == NULL && nsize > old && reserve != NULL) {
        free(reserve);
        reserve = NULL;
        freed_since_release = 0;
        /* Inside Swift a failure would unwind through Swift frames: try once more with the reserve given back. */
        if (st->swift_depth > 0) block = realloc(ptr, nsize);
    }
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

lua_State *fl_newstate(size_t memory, long long instructions) {
    fl_alloc_state *st = (fl_alloc_state *)calloc(1, sizeof *st);
    if (st == NULL) return NULL;
    if (reserve == NULL) reserve = malloc(RESERVE_BYTES);
    st->soft = memory;
    st->hard = memory == 0 ? 0 : memory + memory / 4 + ((size_t)8 << 20);
    st->max_instructions = instructions;
    st->timer_slot = -1;
    /* The whole process may grow by twice the limit over what it uses now (the program itself): the Lua heap with
       the C allocator's own overhead, and the host's graphs, simulations, pictures and file buffers. */
    st->max_resident = memory == 0 ? 0 : PROCESS_FACTOR * memory + fl_resident_bytes();
    lua_State *L = lua_newstate(fl_alloc, st);
    if (L == NULL) {
        free(st);
        return NULL;
    }
    st->main_thread = L;
    lua_atpanic(L, fl_panic);
    lua_setwarnf(L, fl_warn, &warn_state);
    fl_resting_hook(L);
    return L;
}

size_t fl_memory_in_use(lua_State *L) { return fl_state_of(L)->used; }

size_t fl_resident_budget(lua_State *L) { return fl_state_of(L)->max_resident; }

int fl_is_memory_error(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return 0;
    const char *text = lua_tostring(L, idx);
    const char *found = strstr(text, "not enough memory");
    const char *line_end = strchr(text, '\n');
    return found != NULL && (line_end == NULL || found < line_end);
}

void fl_collect_garbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

void fl_close(lua_State *L) {
    fl_alloc_state *st = fl_state_of(L);
    fl_forget_interrupt_state(L);
    lua_close(L);
    free(st);
}
