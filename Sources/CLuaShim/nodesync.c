/* Bulk copies between the engine's node arrays and the node tables Lua forces see. */
#include "internal.h"
#include <math.h>
#include <stdio.h>

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
 * `fixed_changed` and `pins_changed`. A value that is not a number (nor nil for a fixed coordinate), or a NaN where
 * the engine held a number, is refused: `invalid_node` names the node and the error the field. */
static void store_read(lua_State *L, int index, fl_node_state *st, double *column, int i, int fixed, const char *name) {
    int type = lua_type(L, index);
    double v = 0.0 / 0.0;
    if (type == LUA_TNUMBER) {
        v = lua_tonumber(L, index);
        if (v != v && column[i] == column[i]) {
            st->invalid_node = i;
            luaL_error(L, "field '%s' is NaN, a number expected", name);
        }
    } else if (!(fixed && type == LUA_TNIL)) {
        st->invalid_node = i;
        luaL_error(L, "field '%s' is %s, a number expected%s", name, type == LUA_TNIL ? "nil" : luaL_typename(L, index),
                   fixed ? " (nil frees it)" : "");
    }
    if (!fixed) {
        column[i] = v;
        return;
    }
    if (!same_value(v, column[i])) {
        st->fixed_changed = 1;
        if (st->pins_changed) st->pins_changed[i] = 1;
    }
    column[i] = v;
}

static int sync_protected(lua_State *L) {
    const sync_request *rq = (const sync_request *)fl_host_pointer(L, sync_protected);
    const int nodes = 2;
    luaL_checktype(L, nodes, LUA_TTABLE);
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
                for (int k = 0; k < fields; k++) store_read(L, first + j * fields + k, st, columns[k], base + j, k >= moving, names[k]);
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
                store_read(L, -1, st, columns[k], i, k >= moving, names[k]);
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
    lua_pushvalue(L, nodes);
    return fl_call_host(L, sync_protected, rq, 1, 0);
}

int fl_nodes_write(lua_State *L, int nodes, fl_node_state *state, int with_fixed) {
    sync_request rq = {state, with_fixed, 0};
    return sync_call(L, nodes, &rq);
}

int fl_nodes_read(lua_State *L, int nodes, fl_node_state *state) {
    sync_request rq = {state, 0, 1};
    state->invalid_node = -1;
    return sync_call(L, nodes, &rq);
}
