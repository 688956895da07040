import CLuaShim

/// What the editor definitions and the luacheck standard are made from: the module's functions and other fields by
/// their paths below `fl`, its kinds of object with their methods, and the declared options tables.
///
/// Made from the module as it is built (`current`: the names and kinds of its fields, the methods of each registered
/// metatable), `LuaOptionTables.all`, and the API's declarations (`LuaAPI`: each function's signature, doc line and
/// options tables), which every registered function has.
public struct DefinitionsSource {
    /// A module function or a method: its path below `fl` (`graph.new`) or its name (`addNode`), the options table
    /// a force maker takes as its only argument, and its declaration.
    public struct Function {
        public let name: String
        public var options: LuaOptionTable? = nil
        public var declaration: LuaFunctionDeclaration? = nil
    }

    /// A kind of object: its metatable's name (`forcelab.Graph`) and its methods.
    public struct Kind {
        public let metatable: String
        public let methods: [Function]

        /// The class name the definitions give it (`forcelab.Graph`).
        public var className: String { metatable }
    }

    /// Module functions, sorted by path.
    public let functions: [Function]
    /// Module fields that are no function nor table of functions (`version`, `graph.generators`), with their Lua type.
    public let fields: [(path: String, type: String)]
    /// Sub-tables of the module (`graph`, `force`), sorted.
    public let tables: [String]
    /// Kinds of object, sorted by metatable.
    public let kinds: [Kind]
    /// The options tables.
    public let optionTables: [LuaOptionTable]

    /// The module as a fresh state builds it.
    public static func current() throws -> DefinitionsSource {
        let lua = try LuaState()
        let L = lua.L
        var functions: [Function] = [], fields: [(String, String)] = [], tables: [String] = []
        guard fl_getglobal_protected(L, "forcelab") == LUA_OK else { throw lua.popError() }
        walk(L, prefix: "", functions: &functions, fields: &fields, tables: &tables)
        fl_pop(L, 1)
        var kinds: [Kind] = []
        lua_pushvalue(L, fl_registryindex())
        for (key, type) in keys(L) where key.hasPrefix("forcelab.") && type == LUA_TTABLE {
            lua_getfield(L, -1, key)
            lua_getfield(L, -1, "__index")
            if lua_type(L, -1) != LUA_TTABLE {
                fl_pop(L, 1)
                lua_getfield(L, -1, "methods")
            }
            let declared = LuaAPI.type(metatable: key)
            let methods = lua_type(L, -1) == LUA_TTABLE
                ? keys(L).filter { $0.type == LUA_TFUNCTION }.map { method in
                    Function(name: method.key, declaration: declared?.methods.first { $0.name == method.key })
                } : []
            kinds.append(Kind(metatable: key, methods: methods))
            fl_pop(L, 2)
        }
        fl_pop(L, 1)
        // The force makers take an options table (or d3's positional arguments: ForceBindings).
        let forces = Dictionary(
            LuaOptionTables.all.filter { $0.function.hasPrefix("fl.force.") }.map { (String($0.function.dropFirst(3)), $0) },
            uniquingKeysWith: { first, _ in first })
        let declarations = Dictionary(LuaAPI.functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        functions = functions.map { Function(name: $0.name, options: forces[$0.name], declaration: declarations[$0.name]) }
        return DefinitionsSource(
            functions: functions.sorted { $0.name < $1.name }, fields: fields.sorted { $0.0 < $1.0 }, tables: tables.sorted(),
            kinds: kinds.sorted { $0.metatable < $1.metatable }, optionTables: LuaOptionTables.all)
    }

    /// The string keys of the table on top of the stack, raw, with the type of each value.
    private static func keys(_ L: OpaquePointer) -> [(key: String, type: Int32)] {
        var found: [(String, Int32)] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let key = LuaValues.string(L, -2) { found.append((key, lua_type(L, -1))) }
            fl_pop(L, 1)
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Collects the functions, fields and tables of the table on top of the stack, below `prefix`.
    private static func walk(
        _ L: OpaquePointer, prefix: String, functions: inout [Function], fields: inout [(String, String)], tables: inout [String]
    ) {
        for (key, type) in keys(L) {
            let path = prefix + key
            switch type {
            case LUA_TFUNCTION: functions.append(Function(name: path))
            case LUA_TTABLE:
                lua_getfield(L, -1, key)
                // A callable table (`fl.live`, holding `fl.live.stop`) is a function as well as a table.
                if luaL_getmetafield(L, -1, "__call") != LUA_TNIL {
                    fl_pop(L, 1)
                    functions.append(Function(name: path))
                }
                if keys(L).contains(where: { $0.type == LUA_TFUNCTION }) {
                    tables.append(path)
                    walk(L, prefix: path + ".", functions: &functions, fields: &fields, tables: &tables)
                } else {
                    fields.append((path, "table"))
                }
                fl_pop(L, 1)
            case LUA_TSTRING: fields.append((path, "string"))
            case LUA_TNUMBER: fields.append((path, "number"))
            case LUA_TBOOLEAN: fields.append((path, "boolean"))
            default: fields.append((path, "any"))
            }
        }
    }
}
