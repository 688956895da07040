import GraphModel

/// Sparse stress (Ortmann, Klimenta and Brandes): each node is compared with its graph neighbours (weight 1/d²)
/// and with the pivots, a pivot's weight multiplied by the number of nodes of its region (the nodes nearest to it)
/// lying within half the node's distance to it, so that a pivot stands for the nodes around it.
struct SparseStress: StressModel {
    let paths: ShortestPaths
    let pivots: Pivots
    /// Node-major n × k counts of the pivot terms: how many nodes of the pivot's region lie within half the node's
    /// distance to it. A term's weight, count / d², is computed in double precision where it is used, so that no
    /// edge length (1e-25 or 1e25: weights beyond single precision's range) turns a pivot term into 0 or infinity.
    let represented: [UInt32]

    var nodeCount: Int { paths.nodeCount }

    /// The model of `paths` with `pivots`; `check` runs for each node in each pass over the pivot distances with the
    /// pivots' count and may throw to stop (an interrupt or a limit).
    init(paths: ShortestPaths, pivots: Pivots, check: (Int) throws -> Void) throws {
        let n = paths.nodeCount, k = pivots.count
        var regions = [[Double]](repeating: [], count: k)
        for i in 0..<n {
            try check(k)
            var nearest = 0
            for q in 1..<k where pivots.distances[i * k + q] < pivots.distances[i * k + nearest] { nearest = q }
            regions[nearest].append(pivots.distances[i * k + nearest])
        }
        for q in 0..<k { regions[q].sort() }
        var counts = [UInt32](repeating: 0, count: n * k)
        for i in 0..<n {
            try check(k)
            for q in 0..<k where pivots.nodes[q] != i {
                let d = pivots.distances[i * k + q]
                counts[i * k + q] = UInt32(Self.partitionPoint(regions[q].indices) { regions[q][$0] <= d / 2 })
            }
        }
        self.paths = paths
        self.pivots = pivots
        represented = counts
    }

    /// The first position in `range` where `isBefore` turns false (it must be true, then false, along the range).
    private static func partitionPoint(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func forEachTerm(of i: Int, _ body: (Int, Double, Double) -> Void) {
        let neighbours = paths.range(of: i)
        for k in neighbours {
            let d = paths.length(at: k)
            body(paths.neighbours[k], d, 1 / (d * d))
        }
        let k = pivots.count
        for q in 0..<k {
            let p = pivots.nodes[q]
            guard p != i, !isNeighbour(p, in: neighbours) else { continue }
            let d = pivots.distances[i * k + q]
            body(p, d, Double(represented[i * k + q]) / (d * d))
        }
    }

    /// Whether `node` is among the (ascending) neighbours at positions `range`.
    private func isNeighbour(_ node: Int, in range: Range<Int>) -> Bool {
        let position = Self.partitionPoint(range) { paths.neighbours[$0] < node }
        return position < range.upperBound && paths.neighbours[position] == node
    }
}
