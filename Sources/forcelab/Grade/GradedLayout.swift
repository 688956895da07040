import GraphModel
import Render

/// One graph's layout after a run: node ids, centres and edges (by node index), in the graph's order.
struct GradedLayout {
    /// Node ids in node order.
    let ids: [String]
    /// Node centres in node order.
    let positions: [SIMD2<Double>]
    /// Edges as (source, target) node indices.
    let edges: [(Int, Int)]

    /// The layout `graph` holds now.
    init(_ graph: Graph) throws {
        let points = try GraphPoints(graph)
        var ids: [String] = []
        ids.reserveCapacity(graph.nodeCount)
        graph.forEachNode { ids.append($0.id) }
        self.ids = ids
        positions = points.positions
        edges = points.edges
    }

    /// Whether `other` has the same nodes and edges in the same order (its positions may differ).
    func hasSameGraph(as other: GradedLayout) -> Bool {
        ids == other.ids && edges.count == other.edges.count && zip(edges, other.edges).allSatisfy { $0 == $1 }
    }

    /// A graph's node ids and its edges' ends, in order: what two builds of one exercise graph must share.
    static func shape(of graph: Graph) -> [String] {
        var shape: [String] = []
        graph.forEachNode { shape.append("node \($0.id)") }
        graph.forEachEdge { shape.append("edge \($0.source) \($0.target)") }
        return shape
    }

    /// The layout's figures (stress, crossings, edge lengths ...), as `fl.metrics` measures them.
    func metrics() throws -> Metrics {
        try Metrics.measure(positions: positions, edges: edges)
    }
}
