extension Graph {
    /// The benchmark graph G(n): node i links to floor(r·i) for i in 1..<n, then random pairs a != b
    /// (a = floor(r·n), b = floor(r·n)) are linked until there are 2(n-1) links; r is d3's LCG.
    public static func recursive(n: Int, seed: UInt32 = GraphGenerator.defaultSeed) -> Graph { recursive(n: n, seed: seed, check: { _ in }) }

    /// `recursive(n:seed:)`, calling `check` as it inserts (see `generated`).
    static func recursive(n: Int, seed: UInt32, check: (Int) throws -> Void) rethrows -> Graph {
        var random = LCG(seed: seed)
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(max(0, 2 * (n - 1)))
        for node in stride(from: 1, to: n, by: 1) { edges.append((node, random.next(below: node))) }
        while edges.count < 2 * (n - 1) {
            let a = random.next(below: n)
            let b = random.next(below: n)
            if a != b { edges.append((a, b)) }
        }
        return try generated(nodeCount: max(0, n), edges: edges, check: check)
    }
}
