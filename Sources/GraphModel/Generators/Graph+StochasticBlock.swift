import D3Random
extension Graph {
    /// A stochastic block model: clusters of the given sizes (node data.group = cluster index from 0); pairs in
    /// one cluster are linked with probability pIn, pairs across clusters with pOut.
    public static func stochasticBlock(sizes: [Int], pIn: Double, pOut: Double, seed: UInt32 = GraphGenerator.defaultSeed) -> Graph {
        stochasticBlock(sizes: sizes, pIn: pIn, pOut: pOut, seed: seed, check: { _ in })
    }

    /// `stochasticBlock(sizes:pIn:pOut:seed:)`, calling `check` as it inserts (see `generated`).
    static func stochasticBlock(sizes: [Int], pIn: Double, pOut: Double, seed: UInt32, check: (Int) throws -> Void) rethrows -> Graph {
        var random = LCG(seed: seed)
        var starts: [Int] = []
        var total = 0
        for size in sizes {
            starts.append(total)
            total += size
        }
        var edges: [(Int, Int)] = []
        for block in sizes.indices {
            let start = starts[block]
            bernoulliPositions(count: sizes[block] * (sizes[block] - 1) / 2, p: pIn, random: &random) { position in
                let (high, low) = trianglePair(position)
                edges.append((start + low, start + high))
            }
            for other in sizes.indices where other > block {
                let width = sizes[other]
                bernoulliPositions(count: sizes[block] * width, p: pOut, random: &random) { position in
                    edges.append((start + position / width, starts[other] + position % width))
                }
            }
        }
        var groups: [Int] = []
        for (block, size) in sizes.enumerated() { groups += Array(repeating: block, count: size) }
        return try generated(nodeCount: total, edges: edges, check: check) { ["group": .integer(groups[$0])] }
    }
}
