/// Shortest paths over a graph's nodes, its edges taken as undirected, optionally weighted by an edge data field.
extension Graph {
    /// Each edge's weight from its numeric data field `field`, in edge order; a missing, non-numeric, zero,
    /// negative or infinite weight is an error naming the edge and the field.
    public func edgeWeights(field: String) throws -> [Double] {
        var weights: [Double] = []
        weights.reserveCapacity(edgeCount)
        try forEachEdge { edge in
            let place = "edge '\(edge.id)' (\(edge.source) -> \(edge.target))"
            guard let value = edge.data[field] else { throw GraphError("\(place) has no weight field '\(field)'") }
            guard let weight = value.number else {
                throw GraphError("\(place): weight field '\(field)' is \(value.text), not a number")
            }
            guard weight.isFinite, weight > 0 else {
                throw GraphError("\(place): weight field '\(field)' is \(value.text); a weight must be a positive finite number")
            }
            weights.append(weight)
        }
        return weights
    }

    /// The shortest paths between the graph's nodes (by node index, edges undirected): hop counts without
    /// `weight`, else lengths from that edge data field.
    public func shortestPaths(weight field: String? = nil) throws -> ShortestPaths {
        try ShortestPaths(nodeCount: nodeCount, edges: edgeEndIndices, lengths: try field.map { try edgeWeights(field: $0) })
    }
}
