import CLuaShim

/// Swift objects carried by Lua userdata: each holds one retained reference, released by `__gc`.
public enum LuaObject {
    /// The registry field holding the set of metatables made here (keyed by the metatables themselves), so an
    /// object is recognised by its metatable's identity, which no script can forge.
    static let registryKey = "forcelab.metatables"

    /// Creates the metatable `name` with `methods` (reached through `__index` unless `index` is given) and metamethods.
    public static func register(
        _ L: OpaquePointer, name: String, methods: [(String, LuaFunction)],
        metamethods: [(String, LuaFunction)] = [], index: LuaFunction? = nil
    ) {
        luaL_newmetatable(L, name)
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        if fl_rawgetfield(L, fl_registryindex(), registryKey) != LUA_TTABLE {
            fl_pop(L, 1)
            lua_createtable(L, 0, 8)
            lua_pushvalue(L, -1)
            lua_setfield(L, fl_registryindex(), registryKey)
        }
        lua_pushvalue(L, -2)
        lua_pushboolean(L, 1)
        lua_rawset(L, -3)
        fl_pop(L, 1)
        lua_createtable(L, 0, Int32(methods.count))
        for (methodName, function) in methods { LuaBinding.set(L, table: -1, methodName, function) }
        if let index {
            lua_setfield(L, -2, "methods")
            lua_getfield(L, -1, "methods")
            LuaBinding.push(L, index, upvalues: 1)
        }
        lua_setfield(L, -2, "__index")
        LuaBinding.set(L, table: -1, "__gc", collect)
        for (metaName, function) in metamethods { LuaBinding.set(L, table: -1, metaName, function) }
        fl_pop(L, 1)
    }

    /// Pushes `object` as a userdata with the metatable `name`; the userdata keeps the callbacks of `object` (or of
    /// `keeping`, the object it stands for, such as a node's graph) alive.
    public static func push(_ L: OpaquePointer, _ object: AnyObject, metatable name: String, keeping owner: AnyObject? = nil) {
        let slot = fl_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size)!
        slot.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        _ = fl_getmetatable_named(L, name)
        lua_setmetatable(L, -2)
        LuaCallbacks.attach(L, to: owner ?? object)
    }

    /// The object in the userdata at `index`, if it is a live forcelab object of type `T`.
    public static func get<T: AnyObject>(_ L: OpaquePointer, _ index: Int32, _ type: T.Type) -> T? {
        guard isObject(L, index), let raw = lua_touserdata(L, index),
              let pointer = raw.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// Whether the value at `index` is a userdata whose metatable is one made by `register`.
    static func isObject(_ L: OpaquePointer, _ index: Int32) -> Bool {
        let index = lua_absindex(L, index)
        guard lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 else { return false }
        fl_rawgetfield(L, fl_registryindex(), registryKey)
        lua_pushvalue(L, -2)
        let known = lua_rawget(L, -2) == LUA_TBOOLEAN
        fl_pop(L, 3)
        return known
    }

    /// `__gc`: releases the Swift reference once.
    static let collect: LuaFunction = { L in
        guard let L, isObject(L, 1), let raw = lua_touserdata(L, 1) else { return 0 }
        if let pointer = raw.load(as: UnsafeMutableRawPointer?.self) {
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            raw.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        }
        return 0
    }
}
