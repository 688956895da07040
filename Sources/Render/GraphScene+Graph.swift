import GraphModel

extension GraphScene {
    /// The scene of `graph`: absolute positions, parents and edges by index; `group` names the data field whose
    /// values colour the nodes. Boxes (nodes with width and height) are placed by their top-left corner, as flow
    /// editors place them; points by their centre.
    public init(graph: Graph, group: String?) throws {
        var nodes: [GraphScene.Node] = []
        nodes.reserveCapacity(graph.nodeCount)
        var index: [String: Int] = [:]
        for (i, id) in graph.nodeIds.enumerated() { index[id] = i }
        try graph.forEachNode { node in
            let centre = try GraphScene.centre(of: node, in: graph)
            nodes.append(GraphScene.Node(
                id: node.id, x: centre.x, y: centre.y, width: node.width, height: node.height, label: node.label,
                group: group.flatMap { node.data[$0] }.map(\.text), parent: node.parentId.flatMap { index[$0] },
                data: node.data, isFixed: node.fx != nil || node.fy != nil))
        }
        var edges: [GraphScene.Edge] = []
        edges.reserveCapacity(graph.edgeCount)
        graph.forEachEdge { edge in
            edges.append(GraphScene.Edge(
                source: index[edge.source]!, target: index[edge.target]!, label: edge.label,
                sourceHandle: graph.node(edge.source)?.side(ofHandle: edge.sourceHandle) ?? edge.sourceHandle,
                targetHandle: graph.node(edge.target)?.side(ofHandle: edge.targetHandle) ?? edge.targetHandle,
                id: edge.id, data: edge.data))
        }
        self.init(nodes: nodes, edges: edges)
    }

    /// Where a node is drawn: its absolute position, moved to the centre for a box.
    static func centre(of node: GraphModel.Node, in graph: Graph) throws -> SIMD2<Double> {
        // A top-level node's position is its own; only a child's is looked up, to add its parents'.
        guard let point = node.parentId == nil ? node.position : graph.absolutePosition(of: node.id), point.isPlaced else {
            throw RenderError("node '\(node.id)' has no position: give it x and y, or run a simulation or a layout first")
        }
        guard let width = node.width, let height = node.height, width > 0, height > 0 else { return SIMD2(point.x, point.y) }
        return SIMD2(point.x + width / 2, point.y + height / 2)
    }
}
