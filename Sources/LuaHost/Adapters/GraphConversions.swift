import CLuaShim
import GraphModel

/// Converts graph nodes, edges and changes between Lua tables and GraphModel values.
enum GraphConversions {
    /// A node id from a field: strings as they are, numbers formatted as Lua prints them.
    static func id(_ reader: LuaTableReader, _ field: String, required: Bool) throws -> String? {
        let value = try reader.string(field)
        if value == nil && required {
            throw reader.arguments.error(reader.argument, "field '\(field)': string expected, got nil")
        }
        return value
    }

    /// An edge read as `record` declares it (`{source = "a", target = "b", data = {weight = 2}}`); without an id,
    /// `defaultId` makes one from its endpoints and handles.
    static func edge(
        _ fields: OptionsReader, _ record: LuaSettingsTable<Edge> = GraphRecordOptions.addedEdge,
        defaultId: (String, String, String?, String?) -> String
    ) throws -> Edge {
        var edge = try record.read(fields)
        if !fields.has("id") { edge.id = defaultId(edge.source, edge.target, edge.sourceHandle, edge.targetHandle) }
        return edge
    }

    /// Pushes a node as a plain table (a snapshot).
    static func push(_ L: OpaquePointer, _ node: Node) {
        lua_createtable(L, 0, 12)
        set(L, "id", node.id)
        if node.position.isPlaced {
            set(L, "x", node.position.x)
            set(L, "y", node.position.y)
        }
        if let z = node.position.z { set(L, "z", z) }
        if let fx = node.fx { set(L, "fx", fx) }
        if let fy = node.fy { set(L, "fy", fy) }
        if let fz = node.fz { set(L, "fz", fz) }
        LuaValues.push(L, fields: node.data)
        lua_setfield(L, -2, "data")
        if let parent = node.parentId { set(L, "parent", parent) }
        if let width = node.width { set(L, "width", width) }
        if let height = node.height { set(L, "height", height) }
        if let type = node.type { set(L, "type", type) }
        if let label = node.label { set(L, "label", label) }
        if !node.handles.isEmpty {
            lua_createtable(L, Int32(node.handles.count), 0)
            for (offset, handle) in node.handles.enumerated() {
                lua_createtable(L, 0, 3)
                if let id = handle.id { set(L, "id", id) }
                set(L, "type", handle.type.rawValue)
                if let position = handle.position { set(L, "position", position.rawValue) }
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
            lua_setfield(L, -2, "handles")
        }
        if node.selected { setFlag(L, "selected", true) }
        if !node.deletable { setFlag(L, "deletable", false) }
        if node.hidden { setFlag(L, "hidden", true) }
    }

    /// Pushes an edge as a plain table (a snapshot).
    static func push(_ L: OpaquePointer, _ edge: Edge) {
        lua_createtable(L, 0, 8)
        set(L, "id", edge.id)
        setEnds(L, edge.source, edge.sourceHandle, edge.target, edge.targetHandle)
        LuaValues.push(L, fields: edge.data)
        lua_setfield(L, -2, "data")
        if let label = edge.label { set(L, "label", label) }
        if let type = edge.type { set(L, "type", type) }
        if edge.selected { setFlag(L, "selected", true) }
        if !edge.deletable { setFlag(L, "deletable", false) }
    }

    /// Pushes a connection `{edgeId, source, target, sourceHandle, targetHandle}`.
    static func push(_ L: OpaquePointer, _ connection: Connection) {
        lua_createtable(L, 0, 5)
        set(L, "edgeId", connection.edgeId)
        setEnds(L, connection.source, connection.sourceHandle, connection.target, connection.targetHandle)
    }

    /// Sets an edge's or a connection's `source`, `target` and their handles (when given) in the table on top.
    private static func setEnds(_ L: OpaquePointer, _ source: String, _ sourceHandle: String?, _ target: String, _ targetHandle: String?) {
        set(L, "source", source)
        set(L, "target", target)
        if let sourceHandle { set(L, "sourceHandle", sourceHandle) }
        if let targetHandle { set(L, "targetHandle", targetHandle) }
    }

    /// Pushes a change event `{addedNodes = {...}, removedNodes = ..., updatedNodes, addedEdges, removedEdges, updatedEdges, positions}`.
    static func push(_ L: OpaquePointer, _ event: GraphEvent) {
        lua_createtable(L, 0, 7)
        let lists: [(String, [String])] = [
            ("addedNodes", event.addedNodes), ("removedNodes", event.removedNodes), ("updatedNodes", event.updatedNodes),
            ("addedEdges", event.addedEdges), ("removedEdges", event.removedEdges), ("updatedEdges", event.updatedEdges),
        ]
        for (name, ids) in lists {
            pushStrings(L, ids)
            lua_setfield(L, -2, name)
        }
        setFlag(L, "positions", event.allPositions)
    }

    /// Pushes an array of strings.
    static func pushStrings(_ L: OpaquePointer, _ values: [String]) {
        lua_createtable(L, Int32(values.count), 0)
        for (offset, value) in values.enumerated() {
            LuaValues.push(L, value)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }

    static func set(_ L: OpaquePointer, _ name: String, _ value: String) {
        LuaValues.push(L, value)
        lua_setfield(L, -2, name)
    }

    static func set(_ L: OpaquePointer, _ name: String, _ value: Double) {
        lua_pushnumber(L, value)
        lua_setfield(L, -2, name)
    }

    static func setFlag(_ L: OpaquePointer, _ name: String, _ value: Bool) {
        lua_pushboolean(L, value ? 1 : 0)
        lua_setfield(L, -2, name)
    }

    /// A node change from `{type = "position", id = "a", position = {x =, y =}}` and the like.
    static func nodeChange(_ reader: LuaTableReader) throws -> NodeChange {
        _ = try OptionsReader(reader, GraphRecordOptions.nodeChange)
        let kind = try reader.string("type") ?? ""
        let L = reader.arguments.L
        switch kind {
        case "add":
            let node = try nested(reader, "item") { try GraphRecordOptions.nodeItem.read($0) }
            return .add(node, index: try reader.integer("index").map { $0 - 1 })
        case "remove":
            return .remove(id: try id(reader, "id", required: true)!)
        case "replace":
            return .replace(id: try id(reader, "id", required: true)!, item: try nested(reader, "item") { try GraphRecordOptions.nodeItem.read($0) })
        case "position":
            let identifier = try id(reader, "id", required: true)!
            var point: Point?
            if reader.push("position") == LUA_TTABLE {
                let position = LuaTableReader(reader.arguments, tableAt: lua_gettop(L), argument: reader.argument)
                point = Point(x: try position.number("x") ?? .nan, y: try position.number("y") ?? .nan, z: try position.number("z"))
            }
            fl_pop(L, 1)
            return .position(id: identifier, position: point, dragging: reader.boolean("dragging"))
        case "dimensions":
            let identifier = try id(reader, "id", required: true)!
            return try nested(reader, "dimensions") {
                .dimensions(id: identifier, width: try $0.number("width") ?? 0, height: try $0.number("height") ?? 0)
            }
        case "select":
            return .select(id: try id(reader, "id", required: true)!, selected: reader.boolean("selected") ?? false)
        default:
            throw reader.arguments.error(reader.argument, "unknown node change type '\(kind)' (add, remove, replace, position, dimensions, select)")
        }
    }

    /// An edge change from `{type = "remove", id = "e1"}` and the like.
    static func edgeChange(_ reader: LuaTableReader) throws -> EdgeChange {
        _ = try OptionsReader(reader, GraphRecordOptions.edgeChange)
        let kind = try reader.string("type") ?? ""
        switch kind {
        case "add":
            let edge = try nested(reader, "item") { try GraphConversions.edge(OptionsReader($0, GraphRecordOptions.edge), defaultId: connectionId) }
            return .add(edge, index: try reader.integer("index").map { $0 - 1 })
        case "remove":
            return .remove(id: try id(reader, "id", required: true)!)
        case "replace":
            return .replace(id: try id(reader, "id", required: true)!, item: try nested(reader, "item") {
                try GraphConversions.edge(OptionsReader($0, GraphRecordOptions.edge), defaultId: connectionId)
            })
        case "select":
            return .select(id: try id(reader, "id", required: true)!, selected: reader.boolean("selected") ?? false)
        default:
            throw reader.arguments.error(reader.argument, "unknown edge change type '\(kind)' (add, remove, replace, select)")
        }
    }

    /// Reads the table in field `name` with `body`.
    static func nested<T>(_ reader: LuaTableReader, _ name: String, _ body: (LuaTableReader) throws -> T) throws -> T {
        let L = reader.arguments.L
        defer { fl_pop(L, 1) }
        guard reader.push(name) == LUA_TTABLE else { throw reader.fieldError(name, expected: "table") }
        return try body(LuaTableReader(reader.arguments, tableAt: lua_gettop(L), argument: reader.argument))
    }

    /// React Flow's connection id as a plain function of the endpoints and handles.
    static func connectionId(_ source: String, _ target: String, _ sourceHandle: String?, _ targetHandle: String?) -> String {
        Edge.connectionId(source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle)
    }
}
