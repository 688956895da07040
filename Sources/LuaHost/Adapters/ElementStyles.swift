import CLuaShim
import GraphModel
import Render

/// Reads a per-node or per-edge style option for Render: a constant or a data field name is handed on as it is, and
/// a Lua function(node, i) or function(edge, i) is evaluated here, once per element.
struct ElementStyles {
    /// The graph whose nodes and edges a style's function is called for, and which of them, in order.
    struct Elements {
        let graph: GraphHandle
        /// The nodes a function is called for, in order; nil for the graph's.
        var nodeIds: [String]? = nil
        /// The edges a function is called for, in order; nil for the graph's.
        var edgeIds: [String]? = nil
    }

    let options: OptionsReader
    let elements: Elements

    /// A colour option: a colour or data field name (Render's colouring rule tells them apart), or a function.
    func colours(_ name: String) throws -> StyleValue<String>? {
        let kind = elementKind(name, colour: true)
        let L = options.fields.arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(name) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return .field(LuaValues.string(L, -1)!)
        case LUA_TFUNCTION: return .values(try evaluate(name, kind) { LuaValues.string($0, -1) })
        default: throw options.fields.fieldError(name, expected: "colour, data field name or function")
        }
    }

    /// A numeric option: a number, a numeric data field name, or a function.
    func numbers(_ name: String) throws -> StyleValue<Double>? {
        let kind = elementKind(name, colour: false)
        let L = options.fields.arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(name) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return .constant(fl_tonumber(L, -1))
        case LUA_TSTRING: return .field(LuaValues.string(L, -1)!)
        case LUA_TFUNCTION: return .values(try evaluate(name, kind) { LuaValues.number($0, -1) })
        default: throw options.fields.fieldError(name, expected: "number, data field name or function")
        }
    }

    /// Whether option `name` is declared per node or per edge (as a colour, or as a number).
    private func elementKind(_ name: String, colour: Bool) -> ElementReference.Kind {
        switch (options.option(name).value, colour) {
        case (.nodeColour, true), (.nodeNumber, false): return .node
        case (.edgeColour, true), (.edgeNumber, false): return .edge
        default: preconditionFailure("'\(name)' is not declared as a node or edge \(colour ? "colour" : "number")")
        }
    }

    /// Calls the function on top of the stack with (element, i) for every node or edge; `read` takes its result.
    private func evaluate<T>(_ name: String, _ kind: ElementReference.Kind, _ read: (OpaquePointer) -> T?) throws -> [T] {
        let arguments = options.fields.arguments
        let L = arguments.L
        let function = LuaReference(L, -1)
        let graph = elements.graph
        let ids = kind == .node ? elements.nodeIds ?? graph.graph.nodeIds : elements.edgeIds ?? graph.graph.edges.map(\.id)
        return try ids.enumerated().map { i, id in
            try function.call(L, results: 1) {
                ElementBindings.push(L, graph, kind, id)
                lua_pushinteger(L, lua_Integer(i))
                return 2
            }
            defer { fl_pop(L, 1) }
            guard let value = read(L) else {
                throw arguments.error(options.fields.argument, "field '\(name)': the function returned \(LuaValues.typeName(L, -1)) for \(kind == .node ? "node" : "edge") '\(id)'")
            }
            return value
        }
    }
}
