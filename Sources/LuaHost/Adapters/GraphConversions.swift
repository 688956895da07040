import CLuaShim
import GraphModel

/// Converts graph nodes, edges and changes between Lua tables and GraphModel values.
enum GraphConversions {
    /// An edge read as `record` declares it (`{source = "a", target = "b", data = {weight = 2}}`); without an id,
    /// `defaultId` makes one from its endpoints and handles.
    static func edge(_ fields: OptionsReader, defaultId: (String, String, String?, String?) -> String) throws -> Edge {
        try GraphRecordOptions.addedEdge.read(fields).named(by: defaultId)
    }

    /// An edge given back to `g:restore` and its former place; the edge's id, when `fields` give none, React Flow's.
    static func restoredEdge(_ fields: OptionsReader) throws -> RestoredElement<Edge> {
        let restored = try GraphRecordOptions.restoredEdge.read(fields)
        return RestoredElement(restored.element.named(by: Edge.connectionId), position: restored.position)
    }

    /// The ids of the elements of `list` (the list given as field `field`, which messages name): each an id (a string
    /// or a number), an element object, or a table with a string `id`.
    static func ids(_ list: LuaTableReader, field: String) throws -> [String] {
        let arguments = list.arguments, L = arguments.L
        return try list.elements(of: LuaOption.subject(field, inTable: true)) { type, i in
            if let element = LuaObject.get(L, -1, ElementReference.self) { return element.id }
            if let text = LuaValues.string(L, -1) ?? (type == LUA_TNUMBER ? LuaValues.describe(L, -1) : nil) { return text }
            guard type == LUA_TTABLE else {
                throw arguments.error(list.argument, "field '\(field)': ids or elements expected")
            }
            let status = fl_getfield_protected(L, -1, "id")
            defer { fl_pop(L, 1) }
            guard status == LUA_OK else { throw LuaError(LuaValues.describe(L, -1), isLocated: true) }
            guard let id = LuaValues.string(L, -1) else {
                throw arguments.error(list.argument, "field '\(field)': element \(i) has no string id")
            }
            return id
        }
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
    static func nodeChange(_ fields: LuaTableReader) throws -> NodeChange {
        try change(fields) { try GraphRecordOptions.nodeChangeFields.read(fields).change() }
    }

    /// An edge change from `{type = "remove", id = "e1"}` and the like.
    static func edgeChange(_ fields: LuaTableReader) throws -> EdgeChange {
        try change(fields) { try GraphRecordOptions.edgeChangeFields.read(fields).change() }
    }

    /// The change `make` reads from `fields`; a field its kind needs and does not have is the argument's error.
    private static func change<Change>(_ fields: LuaTableReader, _ make: () throws -> Change) throws -> Change {
        do {
            return try make()
        } catch let error as GraphError {
            throw fields.arguments.error(fields.argument, error.message)
        }
    }
}
