import CLuaShim

/// Lua functions kept in the registry and called from Swift, always under protection with a traceback.
public enum LuaCallback {
    /// Stores the value at `index` in the registry and returns its reference.
    public static func store(_ L: OpaquePointer, _ index: Int32) -> Int32 {
        lua_pushvalue(L, index)
        return luaL_ref(L, fl_registryindex())
    }

    /// Releases a registry reference.
    public static func release(_ L: OpaquePointer, _ reference: Int32) {
        luaL_unref(L, fl_registryindex(), reference)
    }

    /// Pushes the value stored under `reference`.
    public static func push(_ L: OpaquePointer, _ reference: Int32) {
        lua_rawgeti(L, fl_registryindex(), lua_Integer(reference))
    }

    /// Calls the function stored under `reference` with the arguments `pushArguments` pushes (it returns their
    /// count); keeps `results` results on the stack. A Lua error becomes a `LuaError` carrying its traceback.
    public static func call(
        _ L: OpaquePointer, _ reference: Int32, results: Int32 = 0, _ pushArguments: () throws -> Int32 = { 0 }
    ) throws {
        let top = lua_gettop(L)
        push(L, reference)
        let count: Int32
        do {
            count = try pushArguments()
        } catch {
            lua_settop(L, top)
            throw error
        }
        guard fl_pcall(L, count, results) == LUA_OK else {
            let message = LuaValues.describe(L, -1)
            lua_settop(L, top)
            throw LuaError(message, isLocated: true)
        }
    }
}
