import CLuaShim
import GraphModel

/// The Lua face of graph files and generators: `forcelab.graph.load`, `forcelab.graph.generate`, `g:save`.
enum GraphFileBindings {
    /// Adds `load` and `generate` to the `graph` table of the module table on top of the stack.
    static func register(_ L: OpaquePointer) {
        lua_getfield(L, -1, "graph")
        LuaBinding.set(L, table: -1, "load", load)
        LuaBinding.set(L, table: -1, "generate", generate)
        GraphConversions.pushStrings(L, Graph.generatorKinds)
        lua_setfield(L, -2, "generators")
        fl_pop(L, 1)
    }

    /// The `format` option at argument `n`: nil means "from the extension (or content, for .json)".
    static func format(_ arguments: LuaArguments, _ n: Int32) throws -> GraphFormat? {
        let options = try LuaTableReader(arguments, n, optional: true)
        guard let name = try options.string("format"), name.lowercased() != "json" else { return nil }
        guard let format = GraphFormat(name: name) else {
            let known = GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw arguments.error(n, "field 'format': unknown format '\(name)' (\(known), json)")
        }
        return format
    }

    /// `forcelab.graph.load(path [, {format =}])`.
    static let load: LuaFunction = { L in
        LuaBinding.run(L, "load") { arguments in
            let path = try arguments.string(1)
            let graph = try Graph.load(path: path, format: try format(arguments, 2))
            GraphBindings.push(arguments.L, graph)
            return 1
        }
    }

    /// `g:save(path [, {format =}])`: written atomically.
    static let save: LuaFunction = { L in
        LuaBinding.run(L, "save") { arguments in
            let graph = try GraphBindings.graph(arguments).graph
            try graph.save(path: try arguments.string(2), format: try format(arguments, 3))
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    /// `forcelab.graph.generate(kind [, options])` with numeric options such as `{n = 1000, seed = 1}`.
    static let generate: LuaFunction = { L in
        LuaBinding.run(L, "generate") { arguments in
            let kind = try arguments.string(1)
            var options: [String: Double] = [:]
            if try arguments.optionalTable(2) {
                let L = arguments.L
                lua_pushnil(L)
                while lua_next(L, 2) != 0 {
                    defer { fl_pop(L, 1) }
                    guard let key = LuaValues.string(L, -2) else {
                        throw arguments.error(2, "option names must be strings")
                    }
                    if lua_type(L, -1) == LUA_TBOOLEAN {
                        options[key] = lua_toboolean(L, -1) != 0 ? 1 : 0
                    } else if let value = LuaValues.number(L, -1), lua_type(L, -1) == LUA_TNUMBER {
                        options[key] = value
                    } else {
                        let type = LuaValues.typeName(L, -1)
                        throw arguments.error(2, "option '\(key)': number expected, got \(type)")
                    }
                }
            }
            GraphBindings.push(arguments.L, try Graph.generate(kind: kind, options: options))
            return 1
        }
    }
}
