import GraphModel

/// A graph reduced to what metrics and terminal previews need: node centres and edges by node index.
public struct GraphPoints {
    /// Node centres in node order (absolute; a box's centre).
    public let positions: [SIMD2<Double>]
    /// Edges as (source, target) node indices.
    public let edges: [(Int, Int)]

    /// The points of `graph`; a node without a position is an error.
    public init(_ graph: Graph) throws {
        var index: [String: Int] = [:]
        index.reserveCapacity(graph.nodeCount)
        var positions: [SIMD2<Double>] = []
        positions.reserveCapacity(graph.nodeCount)
        try graph.forEachNode { node in
            index[node.id] = positions.count
            positions.append(try GraphScene.centre(of: node, in: graph))
        }
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(graph.edgeCount)
        graph.forEachEdge { edge in edges.append((index[edge.source]!, index[edge.target]!)) }
        self.positions = positions
        self.edges = edges
    }
}
