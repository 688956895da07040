import D3Random
import GraphModel

/// How a level's nodes are grouped into the nodes of the next coarser level.
public enum Coarsening: String, Sendable, CaseIterable {
    /// Heavy-edge matching: nodes visited in a seeded order each pair with the unmatched neighbour of the heaviest
    /// edge relative to the two nodes' weights; a node left alone joins its lightest neighbouring group (so a star
    /// collapses at once). Halves a mesh per level.
    case matching
    /// Solar systems as in FM³ (without moons): suns form a maximal independent set chosen in a seeded order, and
    /// every other node joins the first sun next to it. Shrinks a mesh three- to fivefold per level.
    case solar

    /// The group of each node of `level` and the number of groups (numbered from 0).
    func groups(of level: LevelGraph, random: inout LCG) -> (group: [Int], count: Int) {
        let order = Self.seededOrder(level.nodeCount, random: &random)
        switch self {
        case .matching: return Self.matchingGroups(level, order: order)
        case .solar: return Self.solarGroups(level, order: order)
        }
    }

    /// 0 ..< count shuffled by Fisher–Yates with `random`.
    private static func seededOrder(_ count: Int, random: inout LCG) -> [Int] {
        var order = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, random.next(below: i + 1)) }
        return order
    }

    /// Heavy-edge matching, then lone nodes join their lightest neighbouring group.
    private static func matchingGroups(_ level: LevelGraph, order: [Int]) -> (group: [Int], count: Int) {
        var group = Array(repeating: -1, count: level.nodeCount)
        var groupWeight: [Double] = []
        var lone: [Int] = []
        for u in order where group[u] < 0 {
            var best = -1
            var bestScore = 0.0
            for k in level.range(of: u) {
                let v = level.neighbours[k]
                guard group[v] < 0 else { continue }
                let score = level.adjacencyWeights[k] / (level.nodeWeights[u] * level.nodeWeights[v])
                if score > bestScore { (best, bestScore) = (v, score) }
            }
            guard best >= 0 else {
                lone.append(u)
                continue
            }
            group[u] = groupWeight.count
            group[best] = groupWeight.count
            groupWeight.append(level.nodeWeights[u] + level.nodeWeights[best])
        }
        for u in lone {
            var lightest = -1
            for k in level.range(of: u) {
                let g = group[level.neighbours[k]]
                if g >= 0, lightest < 0 || groupWeight[g] < groupWeight[lightest] { lightest = g }
            }
            if lightest >= 0 {
                group[u] = lightest
                groupWeight[lightest] += level.nodeWeights[u]
            } else {
                group[u] = groupWeight.count
                groupWeight.append(level.nodeWeights[u])
            }
        }
        return (group, groupWeight.count)
    }

    /// Suns in seeded order, each taking its neighbours that no earlier sun took as planets.
    private static func solarGroups(_ level: LevelGraph, order: [Int]) -> (group: [Int], count: Int) {
        var group = Array(repeating: -1, count: level.nodeCount)
        var count = 0
        for sun in order where group[sun] < 0 {
            group[sun] = count
            for k in level.range(of: sun) where group[level.neighbours[k]] < 0 { group[level.neighbours[k]] = count }
            count += 1
        }
        return (group, count)
    }
}
