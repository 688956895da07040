import GraphModel

/// Full stress: every pair of nodes at its graph distance with weight 1/d², from an n × n distance matrix.
struct AllPairsStress: StressModel {
    let nodeCount: Int
    /// Row-major n × n graph distances (components apart as `closeGaps` places them).
    let distances: [Double]

    /// The matrix of all shortest-path distances of `paths`; `check` runs before each row's search with the row's
    /// length and may throw to stop (an interrupt or a limit).
    init(paths: ShortestPaths, check: (Int) throws -> Void) throws {
        let n = paths.nodeCount
        var matrix = [Double](repeating: 0, count: n * n)
        var row: [Double] = []
        for i in 0..<n {
            try check(n)
            paths.distances(from: i, into: &row)
            matrix.replaceSubrange(i * n..<(i + 1) * n, with: row)
        }
        closeGaps(&matrix, gap: meanEdgeLength(paths))
        nodeCount = n
        distances = matrix
    }

    /// The distances from node `i` to every node.
    func row(_ i: Int) -> ArraySlice<Double> { distances[i * nodeCount..<(i + 1) * nodeCount] }

    func forEachTerm(of i: Int, _ body: (Int, Double, Double) -> Void) {
        let start = i * nodeCount
        for j in 0..<nodeCount where j != i {
            let d = distances[start + j]
            body(j, d, 1 / (d * d))
        }
    }
}
