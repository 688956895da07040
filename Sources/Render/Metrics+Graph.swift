import GraphModel

extension Metrics {
    /// Measures only `figures` of `graph`'s layout (its nodes' centres, boxes and parents), each node's radius by
    /// `options.nodeRadius` (a data field read from the node) and each edge's weight from the edge data field
    /// `options.weight`; otherwise as `measure(only:positions:...)`. A bad weight field is a `GraphError`.
    public static func measure(only figures: Set<Figure>, graph: Graph, options: Options,
                               check: @escaping (Int) throws -> Void = { _ in }) throws -> [(String, Double)] {
        var options = options
        if let weight = options.weight { options.edgeWeights = try graph.edgeWeights(field: weight) }
        let points = try GraphPoints(graph)
        // The scene (styles, labels, handles) is made only for radii read from the nodes' data; the rest needs points.
        var radii: [Double]? = nil
        if case .field = options.nodeRadius {
            radii = try options.nodeRadius.numbers(for: GraphScene(graph: graph, group: nil).nodes, option: "radius")
        }
        return try measure(only: figures, positions: points.positions, edges: points.edges, radii: radii, boxes: points.boxes,
                           parents: points.parents, ids: graph.nodeIds, options: options, check: check)
    }
}
