import CLuaShim
import GraphModel

/// The Lua face of graphs (`forcelab.Graph`): building, editing, querying and observing a graph store.
enum GraphBindings {
    /// The metatable name.
    static let metatable = "forcelab.Graph"


    /// Pushes a graph as a Lua object.
    static func push(_ L: OpaquePointer, _ graph: Graph) {
        LuaObject.push(L, GraphHandle(graph, in: L), metatable: metatable)
    }

    /// The graph passed as argument `n`.
    static func graph(_ arguments: LuaArguments, _ n: Int32 = 1) throws -> GraphHandle {
        try arguments.object(n, GraphHandle.self, name: "Graph")
    }

    /// A node id argument: a string, a number, or a node object.
    static func nodeId(_ arguments: LuaArguments, _ n: Int32) throws -> String {
        if let node = LuaObject.get(arguments.L, n, ElementReference.self), node.kind == .node { return node.id }
        return try arguments.string(n)
    }

    /// What `find` gives for the node named by argument `n` (an id or a node object); nil, for an id no node has, is
    /// a bad argument `n` ("no node with id '…'"). Every binding whose node must exist reads its node so.
    static func existingNode<Found>(_ arguments: LuaArguments, _ n: Int32, _ find: (String) -> Found?) throws -> Found {
        let id = try nodeId(arguments, n)
        guard let found = find(id) else { throw arguments.error(n, "no node with id '\(id)'") }
        return found
    }

    /// Runs a graph method body on the graph at argument 1.
    static func graphMethod(_ L: OpaquePointer?, _ body: (LuaArguments, GraphHandle) throws -> Int32) -> Int32 {
        LuaBinding.run(L) { arguments in try body(arguments, try graph(arguments)) }
    }

    /// Runs a module function of a graph and its options (`fl.layout.stress(g, options)`, `fl.graph.cores(g,
    /// options)`): the graph at argument 1, then the options table at argument 2 read by `options`.
    static func graphFunction<Settings>(
        _ L: OpaquePointer?, _ options: LuaSettingsTable<Settings>,
        _ body: (LuaArguments, Graph, Settings) throws -> Int32
    ) -> Int32 {
        LuaBinding.run(L) { arguments in
            let graph = try graph(arguments).graph
            return try body(arguments, graph, try options.read(arguments, 2))
        }
    }

    /// Every method of a graph, in one place.
    static let methods: [LuaFunctionDeclaration] = [
        .init("addNode", addNode, "(node: table): Node", "adds a node and returns it; only id is required", options: [GraphRecordOptions.node]),
        .init("addEdge", addEdge, "(edge: table): Edge", "adds an edge and returns it (an id is made when none is given)", options: [GraphRecordOptions.edge]),
        .init("connect", connect, "(edge: table): Edge?", "React Flow's addEdge: the edge, or nil when an endpoint is missing or it is already there", options: [GraphRecordOptions.connect]),
        .init("node", node, "(id: string|number): Node?", "a live reference to the node, or nil", reads: 1...1),
        .init("edge", edge, "(id: string|number): Edge?", "a live reference to the edge, or nil", reads: 1...1),
        .init("nodes", nodes, "(): Node[]", "the nodes in graph order, as an array that also iterates", reads: 0...0),
        .init("edges", edges, "(): Edge[]", "the edges in graph order, as an array that also iterates", reads: 0...0),
        .init("nodeCount", nodeCount, "(): integer", "the number of nodes (#g too)", reads: 0...0),
        .init("edgeCount", edgeCount, "(): integer", "the number of edges", reads: 0...0),
        .init("applyNodeChanges", applyNodeChanges, "(changes: table[])", "applies React Flow node changes", options: [GraphRecordOptions.nodeChange, GraphRecordOptions.changedPosition, GraphRecordOptions.changedDimensions, GraphRecordOptions.nodeHandle]),
        .init("applyEdgeChanges", applyEdgeChanges, "(changes: table[])", "applies React Flow edge changes", options: [GraphRecordOptions.edgeChange]),
        .init("deleteElements", deleteElements, "(elements: table): table[], table[]", "removes nodes (with deletable descendants and edges) and edges; returns what it deleted", options: [GraphRecordOptions.deleteElements]),
        .init("restore", restore, "(nodes: table[], edges: table[])", "puts deleted nodes and edges back where they were (undo)", options: [GraphRecordOptions.deletedNode, GraphRecordOptions.deletedEdge, GraphRecordOptions.nodeHandle]),
        .init("connections", connections, "(id: string|Node, kind?: string, handle?: string): table[]", "the node's connections, of one end and handle when given", reads: 1...3),
        .init("incomers", incomers, "(id: string|Node): Node[]", "the nodes at the other end of incoming edges", reads: 1...1),
        .init("outgoers", outgoers, "(id: string|Node): Node[]", "the nodes at the other end of outgoing edges", reads: 1...1),
        .init("connectedEdges", connectedEdges, "(ids: string|Node|table): Edge[]", "the edges touching the nodes", reads: 1...1),
        .init("degree", degree, "(id: string|Node): integer", "the number of edges touching the node", reads: 1...1),
        .init("selectedNodes", selectedNodes, "(): Node[]", "the selected nodes", reads: 0...0),
        .init("selectedEdges", selectedEdges, "(): Edge[]", "the selected edges", reads: 0...0),
        .init("absolutePosition", absolutePosition, "(id: string|Node): number, number", "x, y including the parents' positions", reads: 1...1),
        .init("children", children, "(id: string|Node): Node[]", "the node's direct children", reads: 1...1),
        .init("on", on, "(event: string, handler: fun(event: table))", "calls the handler after every change of the graph (event \"change\")"),
        .init("observeData", observeData, "(id: string|Node, handler: fun(data: table))", "calls the handler with the node's data whenever it changes"),
        GraphFileBindings.saveDeclaration, RecordingBindings.showDeclaration,
    ]

    /// The Lua type of graphs.
    static let type = LuaTypeDeclaration(
        "Graph", metatable: metatable, receiver: "g", "a store of nodes and edges with React Flow's semantics",
        methods: methods, fields: [LuaFieldDeclaration("directed", "boolean", writable: true, "whether edges go from source to target")],
        metamethods: [("__tostring", describe), ("__len", nodeCount), ("__eq", equal), ("__newindex", assign)], index: read)

    /// The module functions of graphs.
    static let functions: [LuaFunctionDeclaration] = [
        .init("graph.new", new, "(options?: table): Graph", "an empty graph", options: [GraphOptions.new]),
    ]

    /// `fl.graph.new([{directed =}])`: an empty graph.
    static let new: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = Graph(try GraphOptions.settings.read(arguments, 1))
            push(arguments.L, graph)
            return 1
        }
    }

    /// `__index`: methods first (upvalue 2; a raw lookup, which cannot raise an error, so it needs no binding
    /// frame), then the graph's own fields (`g.directed`).
    static let read: LuaFunction = { L in
        guard let L else { return 0 }
        lua_pushvalue(L, 2)
        if lua_rawget(L, fl_upvalueindex(2)) != LUA_TNIL { return 1 }
        fl_pop(L, 1)
        return LuaBinding.run(L, undeclared: "index") { arguments in
            let L = arguments.L
            let graph = try graph(arguments).graph
            if lua_type(L, 2) == LUA_TSTRING, LuaValues.string(L, 2) == "directed" {
                lua_pushboolean(L, graph.directed ? 1 : 0)
            } else {
                lua_pushnil(L)
            }
            return 1
        }
    }

    /// `__newindex`: `g.directed = false`; any other field is refused.
    static let assign: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "newindex") { arguments in
            let graph = try graph(arguments).graph
            let key = try arguments.string(2)
            guard key == "directed" else { throw GraphError("graph field '\(key)' cannot be set (only 'directed' can)") }
            guard lua_type(arguments.L, 3) == LUA_TBOOLEAN else {
                throw GraphError("graph field 'directed': boolean expected, got \(LuaValues.typeName(arguments.L, 3))")
            }
            graph.directed = arguments.boolean(3)
            return 0
        }
    }

    /// `__eq`: two Lua values for one graph compare equal (`sim:graph() == g`).
    static let equal: LuaFunction = { L in
        guard let L else { return 0 }
        let a = LuaObject.get(L, 1, GraphHandle.self), b = LuaObject.get(L, 2, GraphHandle.self)
        lua_pushboolean(L, a != nil && a === b ? 1 : 0)
        return 1
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "tostring") { arguments in
            let graph = try graph(arguments).graph
            LuaValues.push(arguments.L, "Graph(\(graph.nodeCount) nodes, \(graph.edgeCount) edges)")
            return 1
        }
    }

    /// `g:addNode{...}`: on a graph with a simulation, the node is placed at once as d3 places it and may be given
    /// a velocity (`vx`, `vy`, `vz`); without one, a velocity is refused (velocities live in a simulation).
    static let addNode: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let reader = try OptionsReader(arguments, 2, GraphRecordOptions.node, required: true)
            let addition = try GraphRecordOptions.addedNode.read(reader)
            let (node, velocity) = (addition.node, addition.velocity)
            if let simulation = graph.boundSimulation {
                try simulation.running(in: arguments.L) { try simulation.layout.add(node, velocity: velocity) }
            } else if velocity != nil {
                throw GraphError("vx, vy and vz need a simulation made on the graph (velocities live in the simulation)")
            } else {
                try graph.graph.addNode(node)
            }
            ElementBindings.push(arguments.L, graph, .node, node.id)
            return 1
        }
    }

    static let addEdge: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let store = graph.graph
            let edge = try GraphConversions.edge(OptionsReader(arguments, 2, GraphRecordOptions.edge, required: true), defaultId: store.unusedConnectionId)
            try store.addEdge(edge)
            ElementBindings.push(arguments.L, graph, .edge, edge.id)
            return 1
        }
    }

    static let connect: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let given = try GraphRecordOptions.connection.read(OptionsReader(arguments, 2, GraphRecordOptions.connect, required: true))
            let ends = given.edge
            let edge = graph.graph.connect(
                source: ends.source, target: ends.target, sourceHandle: ends.sourceHandle, targetHandle: ends.targetHandle,
                id: given.id, data: ends.data)
            ElementBindings.pushIfFound(arguments.L, graph, .edge, edge?.id)
            return 1
        }
    }

    static let node: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let id = try nodeId(arguments, 2)
            ElementBindings.pushIfFound(arguments.L, graph, .node, graph.graph.containsNode(id) ? id : nil)
            return 1
        }
    }

    static let edge: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let id = try arguments.string(2)
            ElementBindings.pushIfFound(arguments.L, graph, .edge, graph.graph.containsEdge(id) ? id : nil)
            return 1
        }
    }

    static let nodes: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .node, graph.graph.nodeIds)
            return 1
        }
    }

    static let edges: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            var ids: [String] = []
            ids.reserveCapacity(graph.graph.edgeCount)
            graph.graph.forEachEdge { ids.append($0.id) }
            ElementBindings.pushList(arguments.L, graph, .edge, ids)
            return 1
        }
    }

    static let nodeCount: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            lua_pushinteger(arguments.L, lua_Integer(try graph(arguments).graph.nodeCount))
            return 1
        }
    }

    static let edgeCount: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            lua_pushinteger(arguments.L, lua_Integer(try graph(arguments).graph.edgeCount))
            return 1
        }
    }

    static let applyNodeChanges: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let changes = try list(arguments, 2, GraphConversions.nodeChange)
            try graph.graph.applyNodeChanges(changes)
            return 0
        }
    }

    static let applyEdgeChanges: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let changes = try list(arguments, 2, GraphConversions.edgeChange)
            try graph.graph.applyEdgeChanges(changes)
            return 0
        }
    }

    /// Reads argument `n` as an array of tables, each converted by `convert`.
    static func list<T>(_ arguments: LuaArguments, _ n: Int32, _ convert: (LuaTableReader) throws -> T) throws -> [T] {
        let L = arguments.L
        return try LuaTableReader(arguments, n).elements(of: nil) { type, i in
            guard type == LUA_TTABLE else {
                throw arguments.error(n, "element \(i): table expected, got \(LuaValues.typeName(L, -1))")
            }
            return try convert(LuaTableReader(arguments, tableAt: lua_gettop(L), argument: n))
        }
    }

    static let deleteElements: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let deletion = try GraphRecordOptions.deletion.read(OptionsReader(arguments, 2, GraphRecordOptions.deleteElements, required: true))
            let deleted = graph.graph.deleteElements(nodes: deletion.nodes, edges: deletion.edges)
            pushDeleted(arguments.L, deleted.nodes.map { ($0.index, $0.node) }, GraphConversions.push)
            pushDeleted(arguments.L, deleted.edges.map { ($0.index, $0.edge) }, GraphConversions.push)
            return 2
        }
    }

    /// Pushes the deleted elements of one kind as an array of snapshots, each with its 1-based `position` in the
    /// graph's order, which `g:restore` puts it back at.
    private static func pushDeleted<Element>(
        _ L: OpaquePointer, _ entries: [(index: Int, element: Element)], _ pushSnapshot: (OpaquePointer, Element) -> Void
    ) {
        lua_createtable(L, Int32(entries.count), 0)
        for (offset, entry) in entries.enumerated() {
            pushSnapshot(L, entry.element)
            GraphConversions.set(L, "position", Double(entry.index + 1))
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }

    static let restore: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let nodes = try list(arguments, 2) { try GraphRecordOptions.restoredNode.read(OptionsReader($0, GraphRecordOptions.deletedNode)) }
            let edges = arguments.isNil(3) ? [] : try list(arguments, 3) { try GraphConversions.restoredEdge(OptionsReader($0, GraphRecordOptions.deletedEdge)) }
            let store = graph.graph
            try store.restore(DeletedElements(
                nodes: nodes.enumerated().map { (index: $1.formerIndex ?? store.nodeCount + $0, node: $1.element) },
                edges: edges.enumerated().map { (index: $1.formerIndex ?? store.edgeCount + $0, edge: $1.element) }))
            return 0
        }
    }

    static let connections: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = try graph(arguments).graph
            let id = try nodeId(arguments, 2)
            let type = arguments.isNil(3) ? nil : HandleType(rawValue: try arguments.option(3, ["source", "target"]))
            let found = graph.connections(of: id, type: type, handle: try arguments.optionalString(4))
            lua_createtable(arguments.L, Int32(found.count), 0)
            for (offset, connection) in found.enumerated() {
                GraphConversions.push(arguments.L, connection)
                lua_rawseti(arguments.L, -2, lua_Integer(offset + 1))
            }
            return 1
        }
    }

    static let incomers: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .node, graph.graph.incomers(of: try nodeId(arguments, 2)).map(\.id))
            return 1
        }
    }

    static let outgoers: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .node, graph.graph.outgoers(of: try nodeId(arguments, 2)).map(\.id))
            return 1
        }
    }

    static let connectedEdges: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            var ids: [String] = []
            if lua_type(arguments.L, 2) == LUA_TTABLE {
                ids = try GraphConversions.ids(LuaTableReader(arguments, 2), field: "nodes")
            } else {
                ids = [try nodeId(arguments, 2)]
            }
            ElementBindings.pushList(arguments.L, graph, .edge, graph.graph.connectedEdges(of: ids).map(\.id))
            return 1
        }
    }

    static let degree: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = try graph(arguments).graph
            lua_pushinteger(arguments.L, lua_Integer(graph.degree(of: try nodeId(arguments, 2))))
            return 1
        }
    }

    static let selectedNodes: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .node, graph.graph.sortedByNodeOrder(graph.graph.selectedNodeIds))
            return 1
        }
    }

    static let selectedEdges: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .edge, graph.graph.sortedByEdgeOrder(graph.graph.selectedEdgeIds))
            return 1
        }
    }

    static let absolutePosition: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = try graph(arguments).graph
            let point = try existingNode(arguments, 2) { graph.absolutePosition(of: $0) }
            lua_pushnumber(arguments.L, point.x)
            lua_pushnumber(arguments.L, point.y)
            return 2
        }
    }

    static let children: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            ElementBindings.pushList(arguments.L, graph, .node, graph.graph.childIds(of: try nodeId(arguments, 2)))
            return 1
        }
    }

    static let on: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            _ = try arguments.option(2, ["change"])
            try arguments.function(3)
            graph.addChangeHandler(LuaReference(arguments.L, 3, owner: graph))
            return arguments.returningFirst()
        }
    }

    static let observeData: LuaFunction = { L in
        graphMethod(L) { arguments, graph in
            let id = try existingNode(arguments, 2) { graph.graph.containsNode($0) ? $0 : nil }
            try arguments.function(3)
            graph.addDataHandler(of: id, LuaReference(arguments.L, 3, owner: graph))
            return arguments.returningFirst()
        }
    }
}
