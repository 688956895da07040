/* Host objects in Lua: a userdata block that starts with a tag only the host writes, so the host recognises its own
 * objects by the block itself, whatever metatable a script manages to give a userdata. */
#include "internal.h"

typedef struct {
    const void *tag;
    void *object;
} object_block;

/* Its address is the tag: no block made by Lua or another library holds it. */
static const char object_tag = 0;

void fl_pushobject(lua_State *L, void *object) {
    object_block *block = (object_block *)lua_newuserdatauv(L, sizeof(object_block), 1);
    block->tag = &object_tag;
    block->object = object;
}

/* The host's block at idx, or NULL. */
static object_block *block_at(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(object_block)) return NULL;
    object_block *block = (object_block *)lua_touserdata(L, idx);
    return block->tag == &object_tag ? block : NULL;
}

void *fl_toobject(lua_State *L, int idx) {
    object_block *block = block_at(L, idx);
    return block != NULL ? block->object : NULL;
}

void *fl_takeobject(lua_State *L, int idx) {
    object_block *block = block_at(L, idx);
    if (block == NULL) return NULL;
    void *object = block->object;
    block->object = NULL;
    return object;
}

int fl_isobject(lua_State *L, int idx) { return block_at(L, idx) != NULL; }
