import GraphModel

/// Pivot nodes chosen farthest-first (each the node farthest from those chosen before; the first drawn from the
/// seed), with every node's distance to each pivot.
struct Pivots {
    /// The pivot nodes in the order chosen.
    let nodes: [Int]
    /// Node-major n × k distances: `distances[i * k + q]` is node i's distance to pivot q.
    let distances: [Double]

    /// Chooses `count` pivots (at most all nodes) among `nodeCount`, starting at `first`; `row(p)` gives node p's
    /// distances to every node (infinity when unreachable, so other components are chosen early); infinite
    /// distances are then closed by `gap`. `check` runs before each row with the row's length and may throw to stop
    /// (an interrupt or a limit).
    init(count: Int, nodeCount n: Int, first: Int, gap: Double, check: (Int) throws -> Void, row: (Int) -> [Double]) throws {
        let k = min(count, n)
        var nodes: [Int] = []
        var matrix = [Double](repeating: 0, count: n * k)
        var nearest = [Double](repeating: .infinity, count: n)
        var next = first
        for q in 0..<k {
            try check(n)
            nodes.append(next)
            let distances = row(next)
            for i in 0..<n {
                matrix[i * k + q] = distances[i]
                nearest[i] = min(nearest[i], distances[i])
            }
            nearest[next] = -1
            for i in 0..<n where nearest[i] > nearest[next] { next = i }
        }
        closeGaps(&matrix, gap: gap)
        self.nodes = nodes
        distances = matrix
    }

    /// The number of pivots.
    var count: Int { nodes.count }
}
