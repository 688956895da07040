import CLuaShim

/// The names messages give the API's functions: each registered function value is named as the API declares it
/// (`fl.svg.graph`, `g:addNode`) in a registry table of its state, so a binding's argument errors name the function
/// running by one rule, read when an error is made, never restated per binding.
enum LuaCallNames {
    /// The registry field holding the weak-keyed map from a function to its name (not `forcelab.`-prefixed: the
    /// registry's `forcelab.` tables are the metatables of the API's types).
    static let registryKey = "forcelab_callnames"

    /// Names the function at `index` `name`.
    static func name(_ L: OpaquePointer, functionAt index: Int32, _ name: String) {
        let function = lua_absindex(L, index)
        LuaValues.pushRegistryTable(L, registryKey, weak: "k")
        lua_pushvalue(L, function)
        LuaValues.push(L, name)
        lua_rawset(L, -3)
        fl_pop(L, 1)
    }

    /// Gives the function at `copy` the name of the function at `original` (a callable table's `__call`).
    static func copyName(_ L: OpaquePointer, from original: Int32, to copy: Int32) {
        let original = lua_absindex(L, original), copy = lua_absindex(L, copy)
        LuaValues.pushRegistryTable(L, registryKey, weak: "k")
        lua_pushvalue(L, copy)
        lua_pushvalue(L, original)
        lua_rawget(L, -3)
        lua_rawset(L, -3)
        fl_pop(L, 1)
    }

    /// The declared name of the function running in `L` (the binding whose error is being made), or nil.
    static func running(_ L: OpaquePointer) -> String? {
        var record = lua_Debug()
        // Room for the map, the function and its name, whatever the binding left on the stack (never raises).
        guard lua_getstack(L, 0, &record) != 0, lua_checkstack(L, 3) != 0 else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard fl_rawgetfield(L, fl_registryindex(), registryKey) == LUA_TTABLE, lua_getinfo(L, "f", &record) != 0 else { return nil }
        lua_rawget(L, -2)
        return LuaValues.string(L, -1)
    }
}
