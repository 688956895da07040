/// Adding and updating single nodes and edges.
extension Graph {
    /// Adds a node at the end (or at a dense index); a duplicate id or a parent that does not exist is an error.
    public func addNode(_ node: Node, at index: Int? = nil) throws {
        guard !containsNode(node.id) else { throw GraphError.duplicateNode(node.id) }
        try checkParents(of: [node])
        operation { insertNode(node, at: index) }
    }

    /// Adds an edge at the end (or at a dense index); a duplicate id or a missing endpoint is an error.
    public func addEdge(_ edge: Edge, at index: Int? = nil) throws {
        guard !containsEdge(edge.id) else { throw GraphError.duplicateEdge(edge.id) }
        try checkEndpoints(edge)
        operation { insertEdge(edge, at: index) }
    }

    /// Adds an edge; without an id it gets React Flow's connection id, made unique with a suffix if taken.
    @discardableResult
    public func addEdge(
        source: String, target: String, id: String? = nil, sourceHandle: String? = nil,
        targetHandle: String? = nil, data: [String: DataValue] = [:]
    ) throws -> Edge {
        let edge = Edge(
            id: id ?? unusedConnectionId(source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle),
            source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle, data: data)
        try addEdge(edge)
        return edge
    }

    /// React Flow's connection id for the endpoints and handles (`Edge.connectionId`), made unique with a suffix
    /// (`-1`, `-2`...) when an edge has it already: the id an edge added without one gets.
    public func unusedConnectionId(source: String, target: String, sourceHandle: String?, targetHandle: String?) -> String {
        let base = Edge.connectionId(source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle)
        var unique = base, suffix = 1
        while containsEdge(unique) {
            unique = "\(base)-\(suffix)"
            suffix += 1
        }
        return unique
    }

    /// Changes a node's record in place; the id cannot change, and a new parent must exist and not be a descendant.
    public func updateNode(_ id: String, _ body: (inout Node) throws -> Void) throws {
        guard let slot = nodeStore.slot(of: id) else { throw GraphError.unknownNode(id) }
        var node = nodeStore[slot].node
        try body(&node)
        guard node.id == id else { throw GraphError("node '\(id)': the id cannot change (to '\(node.id)')") }
        if node.parentId != nodeStore[slot].node.parentId { try checkParents(of: [node]) }
        operation { writeNode(slot: slot, node) }
    }

    /// Changes an edge's record in place; the id cannot change and the endpoints must exist.
    public func updateEdge(_ id: String, _ body: (inout Edge) throws -> Void) throws {
        guard let slot = edgeStore.slot(of: id) else { throw GraphError.unknownEdge(id) }
        var edge = edgeStore[slot]
        try body(&edge)
        guard edge.id == id else { throw GraphError("edge '\(id)': the id cannot change (to '\(edge.id)')") }
        try checkEndpoints(edge)
        operation { writeEdge(slot: slot, edge) }
    }

    /// Sets the data field `field` of every node at once, `values` in node order (an algorithm's result for each
    /// node), in one operation.
    public func setNodeData(_ field: String, _ values: [DataValue]) throws {
        guard values.count == nodeCount else { throw GraphError("\(values.count) values for the \(nodeCount) nodes") }
        operation {
            for (index, value) in values.enumerated() {
                let slot = nodeStore.slot(atIndex: index)
                var node = nodeStore[slot].node
                node.data[field] = value
                writeNode(slot: slot, node)
            }
        }
    }

    /// Writes every node's position at once, in node order (a simulation's write-back).
    public func setPositions(x: [Double], y: [Double], z: [Double]? = nil) throws {
        guard x.count == nodeCount, y.count == nodeCount, z.map({ $0.count == nodeCount }) ?? true else {
            throw GraphError("setPositions needs \(nodeCount) coordinates per axis, got \(x.count)")
        }
        operation {
            var index = 0
            nodeStore.forEachSlot { slot in
                nodeStore[slot].node.position = Point(x: x[index], y: y[index], z: z?[index])
                index += 1
            }
            version += 1
            pendingEvent?.allPositions = true
        }
    }

    /// Throws when an edge's source or target is not a node.
    func checkEndpoints(_ edge: Edge) throws {
        for end in [edge.source, edge.target] where !containsNode(end) {
            throw GraphError.dangling(edge, missing: end)
        }
    }
}
