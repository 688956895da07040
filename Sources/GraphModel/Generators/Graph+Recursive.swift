import D3Random
extension Graph {
    /// The benchmark graph G(n): node i links to floor(r·i) for i in 1..<n, then random pairs a != b
    /// (a = floor(r·n), b = floor(r·n)) are linked until there are 2(n-1) links; r is d3's LCG.
    public static func recursive(n: Int, seed: UInt32 = GraphGenerator.defaultSeed) -> Graph { recursive(n: n, seed: seed, check: { _ in }) }

    /// `recursive(n:seed:)`, calling `check` as it inserts (see `generated`).
    static func recursive(n: Int, seed: UInt32, check: (Int) throws -> Void) rethrows -> Graph {
        try generated(nodeCount: max(0, n), edges: recursiveEdges(n: n, seed: seed), check: check)
    }

    /// The edges of the benchmark graph G(n) (docs/benchmark-graph.md) as pairs of node indices, in order: node i
    /// links to floor(r * i), then random pairs until there are 2(n - 1) edges, r drawn from d3's LCG. ForceBench
    /// times the engine on these.
    public static func recursiveEdges(n: Int, seed: UInt32 = GraphGenerator.defaultSeed) -> [(Int, Int)] {
        var random = LCG(seed: seed)
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(max(0, 2 * (n - 1)))
        for node in stride(from: 1, to: n, by: 1) { edges.append((node, random.next(below: node))) }
        while edges.count < 2 * (n - 1) {
            let a = random.next(below: n)
            let b = random.next(below: n)
            if a != b { edges.append((a, b)) }
        }
        return edges
    }
}
