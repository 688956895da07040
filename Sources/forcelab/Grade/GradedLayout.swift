import GraphModel
import Render

/// One graph's layout after a run: node ids, positions and edges (by node index), in the graph's order. A node
/// whose position is not a number (a force that divided by zero) keeps NaN, which every check counts as a failure.
struct GradedLayout {
    /// Node ids in node order.
    let ids: [String]
    /// Node positions (absolute) in node order; z is 0 in two dimensions.
    let positions: [SIMD3<Double>]
    /// Edges as (source, target) node indices.
    let edges: [(Int, Int)]
    /// Each node's data fields, in node order.
    let data: [[String: DataValue]]

    /// The layout `graph` holds now.
    init(_ graph: Graph) {
        var ids: [String] = [], index: [String: Int] = [:], data: [[String: DataValue]] = []
        graph.forEachNode { node in
            index[node.id] = ids.count
            ids.append(node.id)
            data.append(node.data)
        }
        var edges: [(Int, Int)] = []
        graph.forEachEdge { edge in edges.append((index[edge.source]!, index[edge.target]!)) }
        self.ids = ids
        self.positions = GradedLayout.positions(of: graph)
        self.edges = edges
        self.data = data
    }

    /// The same nodes, edges and data at `positions` (a recorded reference's).
    func moved(to positions: [SIMD3<Double>]) -> GradedLayout {
        GradedLayout(ids: ids, positions: positions, edges: edges, data: data)
    }

    private init(ids: [String], positions: [SIMD3<Double>], edges: [(Int, Int)], data: [[String: DataValue]]) {
        self.ids = ids
        self.positions = positions
        self.edges = edges
        self.data = data
    }

    /// The layout as a Lua check receives it: `graph` (its name), `ticks`, `nodes` (in order, each `{index, id, x, y,
    /// z, data}`, index 0-based as in d3), `edges` (`{source, target}`, node ids), `centroid` (`{x, y, z}`) and
    /// `figures` (`fl.metrics`' stress, crossings, ...; absent when the layout cannot be measured).
    func table(graph: String, ticks: Int) -> DataValue {
        func point(_ p: SIMD3<Double>) -> [String: DataValue] { ["x": .number(p.x), "y": .number(p.y), "z": .number(p.z)] }
        let nodes = ids.indices.map { i -> DataValue in
            .object(point(positions[i]).merging(["index": .integer(i), "id": .string(ids[i]), "data": .object(data[i])]) { $1 })
        }
        var fields: [String: DataValue] = [
            "graph": .string(graph), "ticks": .integer(ticks), "nodes": .array(nodes),
            "edges": .array(edges.map { .object(["source": .string(ids[$0.0]), "target": .string(ids[$0.1])]) }),
            "centroid": .object(point(centroid)),
        ]
        if let figures = try? metrics().pairs.filter({ GradeCheck.metricNames.contains($0.name) }) {
            fields["figures"] = .object(Dictionary(uniqueKeysWithValues: figures.map { ($0.name, DataValue.number($0.value)) }))
        }
        return .object(fields)
    }

    /// The node positions `graph` holds now, in node order.
    static func positions(of graph: Graph) -> [SIMD3<Double>] {
        var positions: [SIMD3<Double>] = []
        positions.reserveCapacity(graph.nodeCount)
        graph.forEachNode { node in
            let point = graph.absolutePosition(of: node.id) ?? .unplaced
            positions.append(SIMD3(point.x, point.y, point.z ?? 0))
        }
        return positions
    }

    /// The nodes' mean position.
    var centroid: SIMD3<Double> {
        positions.reduce(SIMD3<Double>(0, 0, 0), +) / Double(max(positions.count, 1))
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

    /// The layout's figures (stress, crossings, edge lengths ...), as `fl.metrics` measures them (in x and y).
    func metrics() throws -> Metrics {
        try Metrics.measure(positions: positions.map { SIMD2($0.x, $0.y) }, edges: edges)
    }
}
