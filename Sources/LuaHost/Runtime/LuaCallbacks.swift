import CLuaShim

/// The Lua values a Swift object keeps (its callbacks), held in one table per object that every userdata of the
/// object references as its user value. The table lives exactly as long as some Lua value can reach the object,
/// so a handler that mentions its own graph or simulation does not keep them alive forever.
enum LuaCallbacks {
    /// The registry field holding the weak-valued map from an object's address to its table.
    static let registryKey = "forcelab.callbacks"

    /// The key of an object in the map.
    static func key(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque()
    }

    /// Pushes the table of the object with `key`, creating it when `create`; pushes nil when there is none.
    static func pushTable(_ L: OpaquePointer, key: UnsafeMutableRawPointer, create: Bool) {
        LuaValues.pushRegistryTable(L, registryKey, weak: "v")
        lua_pushlightuserdata(L, key)
        if lua_rawget(L, -2) == LUA_TNIL && create {
            fl_pop(L, 1)
            lua_createtable(L, 4, 4)
            lua_pushlightuserdata(L, key)
            lua_pushvalue(L, -2)
            lua_rawset(L, -4)
        }
        fl_remove(L, -2)
    }

    /// Makes the userdata on top of the stack keep the table of `owner` alive (as its user value).
    static func attach(_ L: OpaquePointer, to owner: AnyObject) {
        pushTable(L, key: key(owner), create: true)
        lua_setiuservalue(L, -2, 1)
    }

    /// Makes the table of `holder` keep the table of `held` alive under `name` (nil `held` drops the link): Swift's
    /// strong references between objects mirrored in Lua, so the collector sees them.
    static func link(_ L: OpaquePointer, from holder: AnyObject, to held: AnyObject?, name: String) {
        pushTable(L, key: key(holder), create: true)
        if let held { pushTable(L, key: key(held), create: true) } else { lua_pushnil(L) }
        lua_setfield(L, -2, name)
        fl_pop(L, 1)
    }
}
