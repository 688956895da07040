import D3Random
extension Graph {
    /// G(n, p): each unordered pair of distinct nodes is linked with probability p (edge from the lower index).
    public static func erdosRenyi(n: Int, p: Double, seed: UInt32 = GraphGenerator.defaultSeed) -> Graph { erdosRenyi(n: n, p: p, seed: seed, check: { _ in }) }

    /// `erdosRenyi(n:p:seed:)`, calling `check` as it inserts (see `generated`).
    static func erdosRenyi(n: Int, p: Double, seed: UInt32, check: (Int) throws -> Void) rethrows -> Graph {
        var random = LCG(seed: seed)
        var edges: [(Int, Int)] = []
        bernoulliPositions(count: n * (n - 1) / 2, p: p, random: &random) { position in
            let (high, low) = trianglePair(position)
            edges.append((low, high))
        }
        return try generated(nodeCount: n, edges: edges, check: check)
    }

    /// G(n, m): m distinct unordered pairs of distinct nodes drawn uniformly; m may not exceed n(n-1)/2. `check` (see `generated`) may stop it.
    public static func erdosRenyi(n: Int, m: Int, seed: UInt32 = GraphGenerator.defaultSeed, check: (Int) throws -> Void = { _ in }) throws -> Graph {
        guard m <= n * (n - 1) / 2 else {
            throw GeneratorOptionError("erdosRenyi", option: "m", "at most the \(n * (n - 1) / 2) pairs of n = \(n) nodes expected, got \(m)")
        }
        var random = LCG(seed: seed)
        var seen: Set<Int> = []
        var edges: [(Int, Int)] = []
        while edges.count < m {
            let a = random.next(below: n)
            let b = random.next(below: n)
            guard a != b, seen.insert(min(a, b) * n + max(a, b)).inserted else { continue }
            edges.append((min(a, b), max(a, b)))
        }
        return try generated(nodeCount: n, edges: edges, check: check)
    }
}
