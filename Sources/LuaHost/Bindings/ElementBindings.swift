import CLuaShim
import GraphModel

/// The Lua face of nodes and edges (`forcelab.Node`, `forcelab.Edge`).
enum ElementBindings {
    static let nodeMetatable = "forcelab.Node"
    static let edgeMetatable = "forcelab.Edge"

    /// The Lua type of node references.
    static let nodeType = LuaTypeDeclaration(
        "Node", metatable: nodeMetatable, receiver: "node", "a live reference to a graph's node; any data field reads as a field too",
        methods: [snapshotDeclaration], fields: [
            LuaFieldDeclaration("id", "string", "the node's id"),
            LuaFieldDeclaration("index", "integer", "its 0-based index, d3's"),
            LuaFieldDeclaration("x", "number?", writable: true, "position x (relative to the parent)"),
            LuaFieldDeclaration("y", "number?", writable: true, "position y"),
            LuaFieldDeclaration("z", "number?", writable: true, "position z (3D)"),
            LuaFieldDeclaration("vx", "number?", writable: true, "velocity x, in the graph's newest simulation"),
            LuaFieldDeclaration("vy", "number?", writable: true, "velocity y"),
            LuaFieldDeclaration("vz", "number?", writable: true, "velocity z (3D)"),
            LuaFieldDeclaration("fx", "number?", writable: true, "fixed x: a simulation keeps the node there"),
            LuaFieldDeclaration("fy", "number?", writable: true, "fixed y"),
            LuaFieldDeclaration("fz", "number?", writable: true, "fixed z"),
            LuaFieldDeclaration("parent", "string?", writable: true, "the parent node's id"),
            LuaFieldDeclaration("parentId", "string?", writable: true, "the same as parent"),
            LuaFieldDeclaration("width", "number?", writable: true, "width"),
            LuaFieldDeclaration("height", "number?", writable: true, "height"),
            LuaFieldDeclaration("hidden", "boolean", writable: true, "hidden"),
            LuaFieldDeclaration("dragging", "boolean", writable: true, "being dragged"),
            LuaFieldDeclaration("degree", "integer", "the number of edges touching it"),
            LuaFieldDeclaration("handles", "table[]", "its connection points"),
        ] + sharedFields("node"), metamethods: [("__tostring", describe), ("__newindex", assign), ("__eq", equal)], index: read)

    /// The Lua type of edge references.
    static let edgeType = LuaTypeDeclaration(
        "Edge", metatable: edgeMetatable, receiver: "edge", "a live reference to a graph's edge; any data field reads as a field too",
        methods: [snapshotDeclaration], fields: [
            LuaFieldDeclaration("id", "string", "the edge's id"),
            LuaFieldDeclaration("source", "string", "the source node's id"),
            LuaFieldDeclaration("target", "string", "the target node's id"),
            LuaFieldDeclaration("sourceHandle", "string?", "the source handle's id"),
            LuaFieldDeclaration("targetHandle", "string?", "the target handle's id"),
        ] + sharedFields("edge"), metamethods: [("__tostring", describe), ("__newindex", assign), ("__eq", equal)], index: read)

    /// The fields nodes and edges both have.
    private static func sharedFields(_ kind: String) -> [LuaFieldDeclaration] {
        [
            LuaFieldDeclaration("data", "table", writable: true, "a copy of the data fields"),
            LuaFieldDeclaration("label", "string?", writable: true, "display label"),
            LuaFieldDeclaration("type", "string?", writable: true, "\(kind) type"),
            LuaFieldDeclaration("selected", "boolean", writable: true, "selected"),
            LuaFieldDeclaration("deletable", "boolean", writable: true, "whether deleteElements may remove it"),
        ]
    }

    /// `node:snapshot()` and `edge:snapshot()`.
    static let snapshotDeclaration = LuaFunctionDeclaration(
        "snapshot", snapshot, "(): table", "the element as a plain table", reads: 0...0)

    /// Pushes a reference to element `id`.
    static func push(_ L: OpaquePointer, _ graph: GraphHandle, _ kind: ElementReference.Kind, _ id: String) {
        LuaObject.push(L, ElementReference(graph, kind, id), metatable: kind == .node ? nodeMetatable : edgeMetatable, keeping: graph)
    }

    /// Pushes a reference to element `id`, or nil when there is no such element (`g:node`, `g:edge`, `g:connect`,
    /// `sim:find`).
    static func pushIfFound(_ L: OpaquePointer, _ graph: GraphHandle, _ kind: ElementReference.Kind, _ id: String?) {
        if let id { push(L, graph, kind, id) } else { lua_pushnil(L) }
    }

    /// Pushes an array of references that also works as an iterator: `for n in g:nodes() do` and `ipairs(g:nodes())`.
    static func pushList(_ L: OpaquePointer, _ graph: GraphHandle, _ kind: ElementReference.Kind, _ ids: [String]) {
        lua_createtable(L, Int32(ids.count), 0)
        for (offset, id) in ids.enumerated() {
            push(L, graph, kind, id)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        lua_createtable(L, 0, 2)
        lua_pushinteger(L, 0)
        LuaBinding.push(L, iterate, upvalues: 1)
        lua_setfield(L, -2, "__call")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)
    }

    /// `__call` of an element list: returns the next element on each call (upvalue 2 is the cursor, which a new
    /// generic `for` — control value nil — starts again).
    static let iterate: LuaFunction = { L in
        guard let L, fl_istable(L, 1) != 0 else { return 0 }
        let cursor = (fl_isnoneornil(L, 3) != 0 ? 0 : fl_tointeger(L, fl_upvalueindex(2))) + 1
        lua_pushinteger(L, cursor)
        fl_replace(L, fl_upvalueindex(2))
        lua_rawgeti(L, 1, cursor)
        return 1
    }

    private static func reference(_ arguments: LuaArguments) throws -> ElementReference {
        guard let element = LuaObject.get(arguments.L, 1, ElementReference.self) else {
            throw arguments.typeError(1, expected: "Node or Edge")
        }
        return element
    }

    private static func gone(_ element: ElementReference) -> GraphError {
        GraphError("\(element.kind == .node ? "node" : "edge") '\(element.id)' is no longer in the graph")
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "tostring") { arguments in
            let element = try reference(arguments)
            let graph = element.graph.graph
            switch element.kind {
            case .node:
                // A reference outlives its element; printing it should still work (reading a field does not).
                guard let node = graph.node(element.id) else {
                    LuaValues.push(arguments.L, "Node(\(element.id), removed)")
                    return 1
                }
                let place = node.position.isPlaced
                    ? " at (\(format(node.position.x)), \(format(node.position.y)))" : ""
                LuaValues.push(arguments.L, "Node(\(node.id)\(place))")
            case .edge:
                guard let edge = graph.edge(element.id) else {
                    LuaValues.push(arguments.L, "Edge(\(element.id), removed)")
                    return 1
                }
                LuaValues.push(arguments.L, "Edge(\(edge.id): \(edge.source) -> \(edge.target))")
            }
            return 1
        }
    }

    /// A coordinate with at most 3 decimals, for summaries.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    static let equal: LuaFunction = { L in
        guard let L else { return 0 }
        let a = LuaObject.get(L, 1, ElementReference.self), b = LuaObject.get(L, 2, ElementReference.self)
        lua_pushboolean(L, a != nil && b != nil && a!.id == b!.id && a!.kind == b!.kind && a!.graph === b!.graph ? 1 : 0)
        return 1
    }

    static let snapshot: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let element = try reference(arguments)
            switch element.kind {
            case .node:
                guard let node = element.graph.graph.node(element.id) else { throw gone(element) }
                GraphConversions.push(arguments.L, node)
            case .edge:
                guard let edge = element.graph.graph.edge(element.id) else { throw gone(element) }
                GraphConversions.push(arguments.L, edge)
            }
            return 1
        }
    }

    /// `__index`: methods first (upvalue 2), then the element's fields.
    static let read: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "index") { arguments in
            let L = arguments.L
            lua_pushvalue(L, 2)
            if lua_rawget(L, fl_upvalueindex(2)) != LUA_TNIL { return 1 }
            fl_pop(L, 1)
            let element = try reference(arguments)
            guard let key = LuaValues.string(L, 2) else {
                lua_pushnil(L)
                return 1
            }
            switch element.kind {
            case .node:
                guard let node = element.graph.graph.node(element.id) else { throw gone(element) }
                if let axis = velocityKeys.firstIndex(of: key) {
                    pushOptional(L, element.graph.boundSimulation?.layout.velocity(of: node.id)?.dropFirst(axis).first)
                } else {
                    pushField(L, node, key, element.graph.graph)
                }
            case .edge:
                guard let edge = element.graph.graph.edge(element.id) else { throw gone(element) }
                pushField(L, edge, key)
            }
            return 1
        }
    }

    private static func pushOptional(_ L: OpaquePointer, _ value: Double?) {
        if let value, !value.isNaN { lua_pushnumber(L, value) } else { lua_pushnil(L) }
    }

    private static func pushOptional(_ L: OpaquePointer, _ value: String?) {
        if let value { LuaValues.push(L, value) } else { lua_pushnil(L) }
    }

    private static func pushField(_ L: OpaquePointer, _ node: Node, _ key: String, _ graph: Graph) {
        switch key {
        case "id": LuaValues.push(L, node.id)
        case "index":
            if let index = graph.index(ofNode: node.id) { lua_pushinteger(L, lua_Integer(index)) } else { lua_pushnil(L) }
        case "x": pushOptional(L, node.position.x)
        case "y": pushOptional(L, node.position.y)
        case "z": pushOptional(L, node.position.z)
        case "fx": pushOptional(L, node.fx)
        case "fy": pushOptional(L, node.fy)
        case "fz": pushOptional(L, node.fz)
        case "data": LuaValues.push(L, fields: node.data)
        case "parent", "parentId": pushOptional(L, node.parentId)
        case "width": pushOptional(L, node.width)
        case "height": pushOptional(L, node.height)
        case "type": pushOptional(L, node.type)
        case "label": pushOptional(L, node.label)
        case "selected": lua_pushboolean(L, node.selected ? 1 : 0)
        case "deletable": lua_pushboolean(L, node.deletable ? 1 : 0)
        case "hidden": lua_pushboolean(L, node.hidden ? 1 : 0)
        case "dragging": lua_pushboolean(L, node.dragging ? 1 : 0)
        case "degree": lua_pushinteger(L, lua_Integer(graph.degree(of: node.id)))
        case "handles":
            GraphConversions.push(L, node)
            lua_getfield(L, -1, "handles")
            fl_remove(L, -2)
        default:
            if let value = node.data[key] { LuaValues.push(L, value) } else { lua_pushnil(L) }
        }
    }

    private static func pushField(_ L: OpaquePointer, _ edge: Edge, _ key: String) {
        switch key {
        case "id": LuaValues.push(L, edge.id)
        case "source": LuaValues.push(L, edge.source)
        case "target": LuaValues.push(L, edge.target)
        case "sourceHandle": pushOptional(L, edge.sourceHandle)
        case "targetHandle": pushOptional(L, edge.targetHandle)
        case "data": LuaValues.push(L, fields: edge.data)
        case "label": pushOptional(L, edge.label)
        case "type": pushOptional(L, edge.type)
        case "selected": lua_pushboolean(L, edge.selected ? 1 : 0)
        case "deletable": lua_pushboolean(L, edge.deletable ? 1 : 0)
        default:
            if let value = edge.data[key] { LuaValues.push(L, value) } else { lua_pushnil(L) }
        }
    }

    /// The velocity fields of node references, by axis.
    static let velocityKeys = ["vx", "vy", "vz"]

    /// `__newindex`: writes a field through the graph store (so observers and simulations see it); a velocity goes
    /// to the graph's simulation. Writing to a removed element is an error, as reading is.
    static let assign: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "newindex") { arguments in
            let element = try reference(arguments)
            let key = try arguments.string(2)
            let graph = element.graph.graph
            guard element.kind == .node ? graph.containsNode(element.id) : graph.containsEdge(element.id) else { throw gone(element) }
            if element.kind == .node, let axis = velocityKeys.firstIndex(of: key) {
                guard let simulation = element.graph.boundSimulation else {
                    throw GraphError("node field '\(key)': the graph has no simulation (velocities live in one)")
                }
                try simulation.layout.setVelocity(of: element.id, axis: axis, to: try arguments.finiteNumber(3))
                return 0
            }
            switch element.kind {
            case .node: try graph.updateNode(element.id) { try assign(arguments, &$0, key) }
            case .edge: try graph.updateEdge(element.id) { try assign(arguments, &$0, key) }
            }
            return 0
        }
    }

    /// Value 3 as number field `key`: a number, or nil (a numeric string is refused, as the records refuse it).
    private static func optionalNumber(_ arguments: LuaArguments, _ key: String) throws -> Double? {
        switch lua_type(arguments.L, 3) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return fl_tonumber(arguments.L, 3)
        default: throw fieldError(arguments, key, expected: "number")
        }
    }

    /// Value 3 as text field `key` of an element whose record `record` declares it: a string, a number only where
    /// the record takes one as its text (a label, a parent's id), or nil.
    private static func optionalText(_ arguments: LuaArguments, _ key: String, of record: LuaOptionTable) throws -> String? {
        let L = arguments.L
        let takesNumbers = if case .stringOrNumber? = record.option(key)?.value { true } else { false }
        switch lua_type(L, 3) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return LuaValues.string(L, 3)
        case LUA_TNUMBER where takesNumbers: return LuaValues.describe(L, 3)
        default: throw fieldError(arguments, key, expected: takesNumbers ? "string or number" : "string")
        }
    }

    /// Value 3 as boolean field `key`: `true` or `false` (nil is false).
    private static func flag(_ arguments: LuaArguments, _ key: String) throws -> Bool {
        switch lua_type(arguments.L, 3) {
        case LUA_TNIL: return false
        case LUA_TBOOLEAN: return lua_toboolean(arguments.L, 3) != 0
        default: throw fieldError(arguments, key, expected: "boolean")
        }
    }

    /// The error for field `key` given value 3 of another kind than `expected`.
    private static func fieldError(_ arguments: LuaArguments, _ key: String, expected: String) -> LuaError {
        LuaError("field '\(key)': \(expected) expected, got \(LuaValues.typeName(arguments.L, 3))")
    }

    private static func assign(_ arguments: LuaArguments, _ node: inout Node, _ key: String) throws {
        switch key {
        case "x": node.position.x = try optionalNumber(arguments, key) ?? .nan
        case "y": node.position.y = try optionalNumber(arguments, key) ?? .nan
        case "z": node.position.z = try optionalNumber(arguments, key)
        case "fx": node.fx = try optionalNumber(arguments, key)
        case "fy": node.fy = try optionalNumber(arguments, key)
        case "fz": node.fz = try optionalNumber(arguments, key)
        case "width": node.width = try optionalNumber(arguments, key)
        case "height": node.height = try optionalNumber(arguments, key)
        case "label": node.label = try optionalText(arguments, key, of: GraphRecordOptions.node)
        case "type": node.type = try optionalText(arguments, key, of: GraphRecordOptions.node)
        case "parent", "parentId": node.parentId = try optionalText(arguments, key, of: GraphRecordOptions.node)
        case "selected": node.selected = try flag(arguments, key)
        case "deletable": node.deletable = try flag(arguments, key)
        case "hidden": node.hidden = try flag(arguments, key)
        case "dragging": node.dragging = try flag(arguments, key)
        case "data": node.data = try dataFields(arguments)
        case "id", "index", "degree", "handles":
            throw GraphError("node field '\(key)' is read-only")
        default:
            node.data[key] = try LuaValues.data(arguments.L, 3, integers: true)
        }
    }

    private static func assign(_ arguments: LuaArguments, _ edge: inout Edge, _ key: String) throws {
        switch key {
        case "label": edge.label = try optionalText(arguments, key, of: GraphRecordOptions.edge)
        case "type": edge.type = try optionalText(arguments, key, of: GraphRecordOptions.edge)
        case "selected": edge.selected = try flag(arguments, key)
        case "deletable": edge.deletable = try flag(arguments, key)
        case "data": edge.data = try dataFields(arguments)
        case "id", "source", "target", "sourceHandle", "targetHandle":
            throw GraphError("edge field '\(key)' is read-only (use applyEdgeChanges to replace the edge)")
        default:
            edge.data[key] = try LuaValues.data(arguments.L, 3, integers: true)
        }
    }

    private static func dataFields(_ arguments: LuaArguments) throws -> [String: DataValue] {
        switch try LuaValues.data(arguments.L, 3, integers: true) {
        case .object(let fields): return fields
        case .null: return [:]
        case .array(let items) where items.isEmpty: return [:]
        default: throw arguments.error(3, "table of named fields expected")
        }
    }
}
