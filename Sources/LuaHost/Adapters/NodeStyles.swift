import CLuaShim
import GraphModel
import Render

/// Reads a per-node style option for Render: a constant or a data field name is handed on as it is, and a Lua
/// function(node, i) is evaluated here, once per node.
struct NodeStyles {
    let options: OptionsReader
    let graph: GraphHandle

    /// A colour option: a colour or data field name (Render's colouring rule tells them apart), or a function.
    func colours(_ name: String) throws -> NodeValue<String>? {
        guard case .nodeColour = options.option(name).value else { preconditionFailure("'\(name)' is not declared as a node colour") }
        let L = options.fields.arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(name) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return .field(LuaValues.string(L, -1)!)
        case LUA_TFUNCTION: return .values(try evaluate(name) { LuaValues.string($0, -1) })
        default: throw options.fields.fieldError(name, expected: "colour, data field name or function")
        }
    }

    /// A numeric option: a number, a numeric data field name, or a function.
    func numbers(_ name: String) throws -> NodeValue<Double>? {
        guard case .nodeNumber = options.option(name).value else { preconditionFailure("'\(name)' is not declared as a node number") }
        let L = options.fields.arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(name) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return .constant(fl_tonumber(L, -1))
        case LUA_TSTRING: return .field(LuaValues.string(L, -1)!)
        case LUA_TFUNCTION: return .values(try evaluate(name) { LuaValues.number($0, -1) })
        default: throw options.fields.fieldError(name, expected: "number, data field name or function")
        }
    }

    /// Calls the function on top of the stack with (node, i) for every node; `read` takes its result.
    private func evaluate<T>(_ name: String, _ read: (OpaquePointer) -> T?) throws -> [T] {
        let arguments = options.fields.arguments
        let L = arguments.L
        let function = LuaReference(L, -1)
        return try graph.graph.nodeIds.enumerated().map { i, id in
            try function.call(L, results: 1) {
                ElementBindings.push(L, graph, .node, id)
                lua_pushinteger(L, lua_Integer(i))
                return 2
            }
            defer { fl_pop(L, 1) }
            guard let value = read(L) else {
                throw arguments.error(options.fields.argument, "field '\(name)': the function returned \(LuaValues.typeName(L, -1)) for node '\(id)'")
            }
            return value
        }
    }
}
