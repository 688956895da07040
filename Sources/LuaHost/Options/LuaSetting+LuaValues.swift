import CLuaShim

/// The settings whose value is a Lua value the settings keep or an object of the API: named functions (a
/// recording's custom series), an object (the simulation a picture explains), a list of elements by id.
extension LuaSetting {
    /// A table of named Lua functions (`shape` for the docs), each kept by the object at `keeper` (nil: the
    /// registry) so it goes with that object; empty when absent.
    public init(
        _ key: String, _ property: WritableKeyPath<Settings, [String: LuaReference]> & Sendable,
        keptBy keeper: KeyPath<Settings, AnyObject?> & Sendable, shape: String, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), doc)
        write = { settings, reader, _ in
            guard try reader.pushTable(key) else { return }
            let arguments = reader.fields.arguments, L = arguments.L, table = lua_gettop(L)
            defer { lua_settop(L, table - 1) }
            var functions: [String: LuaReference] = [:]
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                guard lua_type(L, -2) == LUA_TSTRING, let name = LuaValues.string(L, -2), lua_type(L, -1) == LUA_TFUNCTION else {
                    throw arguments.error(reader.fields.argument, "field '\(key)': name = function pairs expected")
                }
                functions[name] = LuaReference(L, -1, owner: settings[keyPath: keeper])
                fl_pop(L, 1)
            }
            settings[keyPath: property] = functions
        }
    }

    /// An object of the API (`typeName` as messages name it: a `Simulation`), `accepts` saying which for the docs;
    /// nil when absent.
    public init<Object: AnyObject>(
        _ key: String, _ property: WritableKeyPath<Settings, Object?> & Sendable, object typeName: String, accepts: String, _ doc: String
    ) {
        option = LuaOption(key, .object(typeName, described: accepts), doc)
        write = { settings, reader, _ in
            let L = reader.fields.arguments.L
            defer { fl_pop(L, 1) }
            _ = reader.push(key)
            guard let object = LuaObject.get(L, -1, Object.self) else { throw reader.error(key, expected: typeName, got: LuaValues.typeName(L, -1)) }
            settings[keyPath: property] = object
        }
    }

    /// A list of graph elements (`shape` for the docs), each given by its id (a string or a number), as an element
    /// object or as a table with an `id`; empty when absent.
    public init(_ key: String, elements property: WritableKeyPath<Settings, [String]> & Sendable, shape: String, _ doc: String) {
        option = LuaOption(key, .table(shape), doc)
        write = { settings, reader, _ in
            guard try reader.pushTable(key) else { return }
            let arguments = reader.fields.arguments
            defer { fl_pop(arguments.L, 1) }
            let list = LuaTableReader(arguments, tableAt: lua_gettop(arguments.L), argument: reader.fields.argument)
            settings[keyPath: property] = try GraphConversions.ids(list, field: key)
        }
    }
}
