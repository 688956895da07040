/// Connecting nodes and asking what is connected.
extension Graph {
    /// Connects two nodes as React Flow's addEdge does: the id is `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`
    /// unless given; returns nil (and adds nothing) when an endpoint is missing, the same endpoints and
    /// handles are already connected (nil and "" handles equal), or the id is taken.
    @discardableResult
    public func connect(
        source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil,
        id: String? = nil, data: [String: DataValue] = [:]
    ) -> Edge? {
        guard let sourceSlot = nodeStore.slot(of: source), containsNode(target) else { return nil }
        let edge = Edge(
            id: id ?? Edge.connectionId(
                source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle),
            source: source, target: target, sourceHandle: sourceHandle, targetHandle: targetHandle, data: data)
        for slot in nodeStore[sourceSlot].outgoing where edgeStore[slot].sameConnection(as: edge) {
            return nil
        }
        guard !containsEdge(edge.id) else { return nil }
        operation { insertEdge(edge) }
        return edge
    }

    /// The connections of a node, in edge order: as source, as target, or both (type nil);
    /// `handle` narrows to one handle id ("" is the default handle, nil any handle).
    public func connections(of id: String, type: HandleType? = nil, handle: String? = nil) -> [Connection] {
        guard let slot = nodeStore.slot(of: id) else { return [] }
        var slots: [Int] = []
        if type != .target {
            slots += nodeStore[slot].outgoing.filter { handle == nil || (edgeStore[$0].sourceHandle ?? "") == handle }
        }
        if type != .source {
            slots += nodeStore[slot].incoming.filter { handle == nil || (edgeStore[$0].targetHandle ?? "") == handle }
        }
        return edgeStore.inOrder(slots).map { Connection(edgeStore[$0]) }
    }

    /// The nodes with an edge into this node, in node order, without duplicates (React Flow's getIncomers).
    public func incomers(of id: String) -> [Node] {
        guard let slot = nodeStore.slot(of: id) else { return [] }
        return sortedByNodeOrder(Set(nodeStore[slot].incoming.map { edgeStore[$0].source })).compactMap(node)
    }

    /// The nodes this node has an edge to, in node order, without duplicates (React Flow's getOutgoers).
    public func outgoers(of id: String) -> [Node] {
        guard let slot = nodeStore.slot(of: id) else { return [] }
        return sortedByNodeOrder(Set(nodeStore[slot].outgoing.map { edgeStore[$0].target })).compactMap(node)
    }

    /// The edges touching any of these nodes, in edge order (React Flow's getConnectedEdges).
    public func connectedEdges(of ids: [String]) -> [Edge] {
        var slots: Set<Int> = []
        for id in ids {
            guard let slot = nodeStore.slot(of: id) else { continue }
            slots.formUnion(nodeStore[slot].outgoing)
            slots.formUnion(nodeStore[slot].incoming)
        }
        return edgeStore.inOrder(slots).map { edgeStore[$0] }
    }

    /// The number of edges touching a node (a self-loop counts twice).
    public func degree(of id: String) -> Int {
        guard let slot = nodeStore.slot(of: id) else { return 0 }
        return nodeStore[slot].outgoing.count + nodeStore[slot].incoming.count
    }

    /// Whether two edges join the same nodes (the same way, in a directed graph): a multigraph as networkx means it.
    public var hasParallelEdges: Bool {
        var pairs = Set<[String]>()
        pairs.reserveCapacity(edgeCount)
        var found = false
        forEachEdge { edge in
            guard !found else { return }
            let pair = directed || edge.source <= edge.target ? [edge.source, edge.target] : [edge.target, edge.source]
            found = !pairs.insert(pair).inserted
        }
        return found
    }
}
