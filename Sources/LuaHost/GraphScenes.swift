import GraphModel
import Render

/// Builds what the renderers draw from a graph: absolute positions, groups, parents and edges by index.
enum GraphScenes {
    /// The scene of `graph`; `group` names the data field that picks colours. Boxes (nodes with width and height)
    /// are placed by their top-left corner, as flow editors place them; points by their centre.
    static func scene(_ graph: Graph, group: String?) throws -> GraphScene {
        var nodes: [GraphScene.Node] = []
        nodes.reserveCapacity(graph.nodeCount)
        var index: [String: Int] = [:]
        for (i, id) in graph.nodeIds.enumerated() { index[id] = i }
        try graph.forEachNode { node in
            let centre = try centre(of: node, in: graph)
            nodes.append(GraphScene.Node(
                id: node.id, x: centre.x, y: centre.y, width: node.width, height: node.height, label: node.label,
                group: group.flatMap { node.data[$0] }.map(\.text), parent: node.parentId.flatMap { index[$0] },
                data: node.data))
        }
        var edges: [GraphScene.Edge] = []
        edges.reserveCapacity(graph.edgeCount)
        graph.forEachEdge { edge in
            edges.append(GraphScene.Edge(
                source: index[edge.source]!, target: index[edge.target]!, label: edge.label,
                sourceHandle: side(of: edge.sourceHandle, on: graph.node(edge.source)),
                targetHandle: side(of: edge.targetHandle, on: graph.node(edge.target))))
        }
        return GraphScene(nodes: nodes, edges: edges)
    }

    /// Where a node is drawn: its absolute position, moved to the centre for a box.
    private static func centre(of node: Node, in graph: Graph) throws -> SIMD2<Double> {
        guard let point = graph.absolutePosition(of: node.id), point.isPlaced else {
            throw GraphError("node '\(node.id)' has no position: give it x and y or run a simulation first")
        }
        guard let width = node.width, let height = node.height, width > 0, height > 0 else { return SIMD2(point.x, point.y) }
        return SIMD2(point.x + width / 2, point.y + height / 2)
    }

    /// The side a handle sits on (its declared position), so edges leave and enter where the handle is drawn.
    private static func side(of handle: String?, on node: Node?) -> String? {
        guard let handle else { return nil }
        return node?.handles.first { $0.id == handle }?.position?.rawValue ?? handle
    }

    /// Absolute node positions and edges by index, for metrics and terminal previews.
    static func points(_ graph: Graph) throws -> (positions: [SIMD2<Double>], edges: [(Int, Int)]) {
        var index: [String: Int] = [:]
        index.reserveCapacity(graph.nodeCount)
        var positions: [SIMD2<Double>] = []
        positions.reserveCapacity(graph.nodeCount)
        try graph.forEachNode { node in
            index[node.id] = positions.count
            positions.append(try centre(of: node, in: graph))
        }
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(graph.edgeCount)
        graph.forEachEdge { edge in edges.append((index[edge.source]!, index[edge.target]!)) }
        return (positions, edges)
    }
}
