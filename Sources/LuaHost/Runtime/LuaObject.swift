import CLuaShim

/// Swift objects carried by Lua userdata: each holds one retained reference, released by `__gc`.
public enum LuaObject {
    /// Creates the metatable `name` with `methods` (reached through `__index` unless `index` is given) and metamethods.
    static func register(
        _ L: OpaquePointer, name: String, receiver: String, methods: [LuaFunctionDeclaration],
        metamethods: [(String, LuaFunction)] = [], index: LuaFunction? = nil
    ) {
        luaL_newmetatable(L, name)
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_createtable(L, 0, Int32(methods.count))
        for method in methods { method.register(L, table: -1, as: LuaAPI.documentedName(ofMethod: method.name, receiver: receiver)) }
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
        fl_pushobject(L, Unmanaged.passRetained(object).toOpaque())
        if fl_getmetatable_named(L, name) == LUA_TTABLE { lua_setmetatable(L, -2) } else { fl_pop(L, 1) }
        LuaCallbacks.attach(L, to: owner ?? object)
    }

    /// The object in the userdata at `index`, if it is a live forcelab object of type `T`. The userdata is recognised
    /// by the tag the host wrote in its block, not by its metatable (which the debug library could give any userdata).
    public static func get<T: AnyObject>(_ L: OpaquePointer, _ index: Int32, _ type: T.Type) -> T? {
        guard let pointer = fl_toobject(L, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// Whether the value at `index` is a userdata made by `push`.
    static func isObject(_ L: OpaquePointer, _ index: Int32) -> Bool {
        fl_isobject(L, index) != 0
    }

    /// `__gc`: releases the Swift reference once.
    static let collect: LuaFunction = { L in
        guard let L, let pointer = fl_takeobject(L, 1) else { return 0 }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
        return 0
    }
}
