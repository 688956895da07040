import CLuaShim
import GraphModel
import Render

/// Resolves per-node style options given as a constant, a Lua function(node, i) or a data field name.
struct NodeStyles {
    let arguments: LuaArguments
    let options: LuaTableReader
    let graph: GraphHandle
    var argument: Int32 = 3

    /// A colour option: a colour, a function returning one, or a data field (its values mapped to the palette,
    /// or used as they are when they are colours).
    func colours(_ field: String) throws -> NodeValue<String>? {
        let L = arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(field) {
        case LUA_TNIL: return nil
        case LUA_TSTRING:
            let text = LuaValues.string(L, -1)!
            let nodes = graph.graph.nodes
            guard nodes.contains(where: { $0.data[text] != nil }) else { return .constant(text) }
            let keys = nodes.map { $0.data[text]?.text ?? "" }
            if keys.allSatisfy({ $0.isEmpty || NodeStyles.isColour($0) }) {
                return .values(keys.map { $0.isEmpty ? Palette.ungrouped : $0 })
            }
            let order = Palette.sortedKeys(Set(keys.filter { !$0.isEmpty }))
            let palette = Palette.tableau10
            var colourOf: [String: String] = [:]
            for (i, key) in order.enumerated() { colourOf[key] = palette[i % palette.count] }
            return .values(keys.map { colourOf[$0] ?? Palette.ungrouped })
        case LUA_TFUNCTION:
            return .values(try evaluate(field) { L in
                guard let text = LuaValues.string(L, -1) else { return nil }
                return text
            })
        default:
            throw options.fieldError(field, expected: "colour, data field name or function")
        }
    }

    /// A numeric option: a number, a function returning one, or a numeric data field.
    func numbers(_ field: String) throws -> NodeValue<Double>? {
        let L = arguments.L
        defer { fl_pop(L, 1) }
        switch options.push(field) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return .constant(fl_tonumber(L, -1))
        case LUA_TSTRING:
            let name = LuaValues.string(L, -1)!
            return .values(try graph.graph.nodes.map { node in
                guard let value = node.data[name]?.number else {
                    throw arguments.error(argument, "field '\(field)': node '\(node.id)' has no numeric data field '\(name)'")
                }
                return value
            })
        case LUA_TFUNCTION:
            return .values(try evaluate(field) { LuaValues.number($0, -1) })
        default:
            throw options.fieldError(field, expected: "number, data field name or function")
        }
    }

    /// Calls the function on top of the stack with (node, i) for every node; `read` takes its result.
    private func evaluate<T>(_ field: String, _ read: (OpaquePointer) -> T?) throws -> [T] {
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
                throw arguments.error(argument, "field '\(field)': the function returned \(LuaValues.typeName(L, -1)) for node '\(id)'")
            }
            return value
        }
    }

    /// Whether a text is a colour an SVG reader understands (hex or functional notation, or a plain name).
    static func isColour(_ text: String) -> Bool {
        text.hasPrefix("#") || text.hasPrefix("rgb(") || text.hasPrefix("hsl(")
            || (text.count >= 3 && text.allSatisfy { $0.isLetter && $0.isLowercase } && cssNames.contains(text))
    }

    private static let cssNames: Set<String> = [
        "black", "white", "red", "green", "blue", "yellow", "orange", "purple", "gray", "grey", "pink", "brown",
        "cyan", "magenta", "navy", "teal", "olive", "maroon", "lime", "silver", "gold", "steelblue", "tomato",
        "crimson", "coral", "salmon", "orchid", "indigo", "violet", "turquoise", "tan", "khaki", "none",
    ]
}
