import D3Random
extension Graph {
    /// Preferential attachment: node m links to nodes 0..<m, then each new node links to m distinct earlier
    /// nodes drawn in proportion to their degree. Needs n > m ≥ 1. `check` (see `generated`) may stop it.
    public static func barabasiAlbert(n: Int, m: Int, seed: UInt32 = GraphGenerator.defaultSeed, check: (Int) throws -> Void = { _ in }) throws -> Graph {
        guard m >= 1, n > m else { throw GeneratorOptionError("barabasiAlbert", option: "m", "an integer ≥ 1 and < n = \(n) expected, got \(m)") }
        var random = LCG(seed: seed)
        var edges: [(Int, Int)] = []
        var ends: [Int] = []
        var targets = Array(0..<m)
        for node in m..<n {
            for target in targets {
                edges.append((node, target))
                ends.append(node)
                ends.append(target)
            }
            var chosen: Set<Int> = []
            targets = []
            while targets.count < m, node + 1 < n {
                let pick = ends[random.next(below: ends.count)]
                if chosen.insert(pick).inserted { targets.append(pick) }
            }
        }
        return try generated(nodeCount: n, edges: edges, check: check)
    }
}
