/* Copies between the engine's node columns and the Lua arrays (tables of numbers at 1..n) an array-form Lua force
 * sees.
 *
 * A copy moves n numbers per array every tick, which through one API call per number costs more than the force's
 * own loop. So when the running Lua library lays its tables out as Lua 5.4.x does (checked once by a probe below,
 * through the API), the copies read and write the numbers of a table's array part in place; otherwise, and for a
 * table whose array part no longer holds n entries, they go through lua_rawgeti / lua_rawseti. */
#include "internal.h"
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

/* Lua 5.4's TValue and Table, as far as the copies use them (lobject.h). */
typedef struct {
    union {
        void *gc;
        lua_Integer i;
        lua_Number n;
    } value;
    unsigned char tag;
} mirror_value;

typedef struct {
    void *next;
    unsigned char type, marked, flags, log_node_size;
    unsigned int array_limit; /* at most the array part's size */
    mirror_value *array;
} mirror_table;

enum { TAG_INTEGER = 0x03, TAG_FLOAT = 0x13, TYPE_TABLE = 0x05 };

/* 1 when the probe found the layout above, -1 when it did not, 0 before the probe. */
static _Atomic int layout_known = 0;

/* Builds a small table through the API and checks that the mirror reads and writes it as the API does. */
static int probe_layout(lua_State *L) {
    if (LUA_VERSION_NUM != 504 || sizeof(mirror_value) != 16) return -1;
    lua_createtable(L, 4, 0);
    lua_pushnumber(L, 1.5);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, 7);
    lua_rawseti(L, -2, 2);
    lua_pushliteral(L, "s");
    lua_rawseti(L, -2, 3);
    lua_pushnumber(L, 2.5);
    lua_rawseti(L, -2, 4);
    mirror_table *t = (mirror_table *)lua_topointer(L, -1);
    int ok = t->type == TYPE_TABLE && t->array_limit == 4 && t->array != NULL && t->array[0].tag == TAG_FLOAT
        && t->array[0].value.n == 1.5 && t->array[1].tag == TAG_INTEGER && t->array[1].value.i == 7
        && (t->array[2].tag & 0x0f) == LUA_TSTRING && t->array[3].tag == TAG_FLOAT && t->array[3].value.n == 2.5;
    if (ok) {
        t->array[1].value.n = -3.25;
        t->array[1].tag = TAG_FLOAT;
        lua_rawgeti(L, -1, 2);
        ok = lua_type(L, -1) == LUA_TNUMBER && !lua_isinteger(L, -1) && lua_tonumber(L, -1) == -3.25;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return ok ? 1 : -1;
}

/* The table at `index` when its numbers may be accessed in place for entries 1..n, else NULL (also before the
 * probe, which fl_array_new runs). */
static mirror_table *in_place(lua_State *L, int index, int n) {
    if (layout_known <= 0) return NULL;
    mirror_table *t = (mirror_table *)lua_topointer(L, index);
    return t->array_limit >= (unsigned int)n ? t : NULL;
}

/* Whether two doubles have the same bits. */
static int same_bits(double a, double b) {
    uint64_t x, y;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    return x == y;
}

typedef struct {
    const double *source;
    double *shadow;
    int count;
} write_request;

static int write_protected(lua_State *L) {
    const write_request *rq = (const write_request *)fl_host_pointer(L, write_protected);
    luaL_checktype(L, 2, LUA_TTABLE);
    mirror_table *t = in_place(L, 2, rq->count);
    for (int i = 0; i < rq->count; i++) {
        double v = rq->source[i];
        if (same_bits(v, rq->shadow[i])) continue;
        rq->shadow[i] = v;
        if (t) {
            t->array[i].value.n = v;
            t->array[i].tag = TAG_FLOAT;
        } else {
            lua_pushnumber(L, v);
            lua_rawseti(L, 2, i + 1);
        }
    }
    return 0;
}

int fl_array_write(lua_State *L, int array, const double *source, double *shadow, int count) {
    write_request rq = {source, shadow, count};
    lua_pushvalue(L, array);
    return fl_call_host(L, write_protected, &rq, 1, 0);
}

int fl_array_read(lua_State *L, int array, double *target, double *shadow, int count) {
    mirror_table *t = in_place(L, array, count);
    if (!t && !lua_checkstack(L, 1)) return 0;
    for (int i = 0; i < count; i++) {
        double v;
        if (t) {
            mirror_value *slot = &t->array[i];
            if (slot->tag == TAG_FLOAT) v = slot->value.n;
            else if (slot->tag == TAG_INTEGER) v = (double)slot->value.i;
            else return i;
        } else {
            int type = lua_rawgeti(L, array, i + 1);
            v = lua_tonumber(L, -1);
            lua_pop(L, 1);
            if (type != LUA_TNUMBER) return i;
        }
        if (!isfinite(v)) return i;
        shadow[i] = v;
        target[i] = v;
    }
    return -1;
}

static int new_protected(lua_State *L) {
    int count = (int)lua_tointeger(L, 1);
    if (layout_known == 0) layout_known = probe_layout(L);
    lua_createtable(L, count, 0);
    for (int i = 1; i <= count; i++) {
        lua_pushnumber(L, 0);
        lua_rawseti(L, -2, i);
    }
    return 1;
}

int fl_array_new(lua_State *L, int count) {
    lua_pushcfunction(L, new_protected);
    lua_pushinteger(L, count);
    return fl_protected_call(L, 1, 1, 0);
}
