import D3Random
/// Community detection by the Louvain method (Blondel, Guillaume, Lambiotte and Lefebvre, 2008): nodes move, one at
/// a time in an order shuffled by a seeded generator, to the neighbouring community that raises the modularity most,
/// until none does; then each community becomes one node and the moving starts again on that smaller graph, until a
/// level moves nothing. The same graph, seed and options give the same communities. Edges are taken as undirected
/// (a directed edge joins its ends as an undirected one does), weighted by an edge data field or 1 each.
extension Graph {
    /// How communities are found and where they are written, with the defaults.
    public struct CommunitySettings: Sendable {
        /// The node data field each node's community number is written to.
        public var field = "community"
        /// Seeds the order nodes are visited in; the same seed gives the same communities.
        public var seed = LCG.defaultSeed
        /// γ in the modularity: above 1 favours smaller communities, below 1 larger ones.
        public var resolution = 1.0
        /// The edge data field holding each edge's positive weight; nil: every edge weighs 1.
        public var weight: String?

        /// The defaults.
        public init() {}

        /// The range a numeric setting must lie in.
        public static func range(of setting: PartialKeyPath<CommunitySettings>) -> ClosedRange<Double>? {
            switch setting {
            case \.seed: 0...Double(UInt32.max)
            case \.resolution: 0...Double.greatestFiniteMagnitude
            default: nil
            }
        }
    }

    /// The communities found (per node, in node order, numbered 1, 2, ... from the largest), their number and the
    /// partition's modularity (networkx's definition, at `settings.resolution`).
    public func louvainCommunities(
        _ settings: CommunitySettings = CommunitySettings(), meter: WorkMeter = WorkMeter()
    ) throws -> (numbers: [Int], count: Int, modularity: Double) {
        let field = settings.weight, resolution = settings.resolution, seed = settings.seed
        let pairs = edgeEndIndices
        let weights = try field.map { try edgeWeights(field: $0) } ?? [Double](repeating: 1, count: pairs.count)
        let level = try Louvain.Level(nodeCount: nodeCount, pairs: pairs, weights: weights, meter: meter)
        var louvain = Louvain(resolution: resolution, random: LCG(seed: seed), meter: meter)
        let labels = try louvain.communities(of: level)
        let numbered = GroupNumbering.bySize(labels)
        let modularity = level.modularity(numbered.numbers, resolution: resolution)
        try meter.flush()
        return (numbered.numbers, numbered.count, modularity)
    }
}

/// The Louvain method's moving and aggregation.
struct Louvain {
    /// One level's graph: nodes (original nodes, or communities of the level below) with undirected weighted links.
    struct Level {
        /// Each node's links to other nodes (repeated links merged, weights summed).
        let adjacency: NodeAdjacency
        /// Each node's self-loop weight (the weight of the links inside a community of the level below).
        let loops: [Double]
        /// Each node's weighted degree: its links' weights, its self-loop's twice.
        let degrees: [Double]
        /// The total weight of the links (a self-loop's once): m.
        let total: Double

        /// The level of a graph's edges (node index pairs with weights); self-loops go into `loops`.
        init(nodeCount: Int, pairs: [(Int, Int)], weights: [Double], meter: WorkMeter) throws {
            var loops = [Double](repeating: 0, count: nodeCount)
            var arcs: [(from: Int, to: Int, weight: Double)] = []
            arcs.reserveCapacity(pairs.count * 2)
            for ((a, b), weight) in zip(pairs, weights) {
                if a == b {
                    loops[a] += weight
                } else {
                    arcs.append((a, b, weight))
                    arcs.append((b, a, weight))
                }
            }
            try self.init(loops: loops, arcs: arcs, meter: meter)
        }

        /// A level from links listed both ways (`arcs`) and self-loops; repeated links are merged.
        init(loops: [Double], arcs: [(from: Int, to: Int, weight: Double)], meter: WorkMeter) throws {
            let nodeCount = loops.count
            let raw = try NodeAdjacency(nodeCount: nodeCount, arcs: arcs, meter: meter)
            var merged: [(from: Int, to: Int, weight: Double)] = []
            merged.reserveCapacity(arcs.count)
            var slot = [Int](repeating: -1, count: nodeCount)
            for v in 0..<nodeCount {
                let first = merged.count
                for arc in raw.arcs(of: v) {
                    let u = raw.targets[arc]
                    if slot[u] >= first, merged[slot[u]].to == u {
                        merged[slot[u]].weight += raw.weights[arc]
                    } else {
                        slot[u] = merged.count
                        merged.append((v, u, raw.weights[arc]))
                    }
                    try meter.charge()
                }
            }
            let adjacency = try NodeAdjacency(nodeCount: nodeCount, arcs: merged, meter: meter)
            let degrees = (0..<nodeCount).map { v in adjacency.arcs(of: v).reduce(2 * loops[v]) { $0 + adjacency.weights[$1] } }
            self.adjacency = adjacency
            self.loops = loops
            self.degrees = degrees
            total = degrees.reduce(0, +) / 2
        }

        /// The modularity of a partition (a community label per node): the sum over communities of the fraction of
        /// the weight inside them, less `resolution` times the square of their fraction of the degrees.
        func modularity(_ labels: [Int], resolution: Double) -> Double {
            guard total > 0 else { return 0 }
            var inside: [Int: Double] = [:], degree: [Int: Double] = [:]
            for v in 0..<adjacency.nodeCount {
                degree[labels[v], default: 0] += degrees[v]
                var weight = loops[v]
                for arc in adjacency.arcs(of: v) where labels[adjacency.targets[arc]] == labels[v] && adjacency.targets[arc] > v {
                    weight += adjacency.weights[arc]
                }
                inside[labels[v], default: 0] += weight
            }
            return degree.keys.sorted().reduce(0) { sum, label in
                let fraction = degree[label]! / (2 * total)
                return sum + inside[label, default: 0] / total - resolution * fraction * fraction
            }
        }
    }

    /// γ in the modularity.
    let resolution: Double
    /// The generator that shuffles the order nodes are visited in.
    var random: LCG
    /// The caller's limits.
    let meter: WorkMeter

    /// A community label per node of `level`, from moving and aggregating until a level moves nothing.
    mutating func communities(of first: Level) throws -> [Int] {
        var labels = Array(0..<first.adjacency.nodeCount)
        var level = first
        while true {
            let (moved, community) = try move(level)
            guard moved else { return labels }
            // Number the level's communities densely, in order of their first node.
            var dense = [Int](repeating: -1, count: community.count), count = 0
            for c in community where dense[c] < 0 {
                dense[c] = count
                count += 1
            }
            let renamed = community.map { dense[$0] }
            labels = labels.map { renamed[$0] }
            var loops = [Double](repeating: 0, count: count)
            var arcs: [(from: Int, to: Int, weight: Double)] = []
            for v in 0..<level.adjacency.nodeCount {
                loops[renamed[v]] += level.loops[v]
                for arc in level.adjacency.arcs(of: v) {
                    let u = level.adjacency.targets[arc]
                    if renamed[u] == renamed[v] {
                        if u > v { loops[renamed[v]] += level.adjacency.weights[arc] }
                    } else {
                        arcs.append((renamed[v], renamed[u], level.adjacency.weights[arc]))
                    }
                    try meter.charge()
                }
            }
            level = try Level(loops: loops, arcs: arcs, meter: meter)
        }
    }

    /// Moves nodes of `level` between communities until no move raises the modularity; whether any moved, and each
    /// node's community (a node index of the level).
    private mutating func move(_ level: Level) throws -> (moved: Bool, community: [Int]) {
        let count = level.adjacency.nodeCount
        var community = Array(0..<count), totals = level.degrees
        guard level.total > 0 else { return (false, community) }
        var order = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, random.next(below: i + 1)) }
        var linkTo = [Double](repeating: 0, count: count), seen = [Bool](repeating: false, count: count)
        var neighbours: [Int] = []
        let scale = resolution / (2 * level.total)
        var movedAny = false
        while true {
            var moved = false
            for v in order {
                let own = community[v], degree = level.degrees[v]
                neighbours.removeAll(keepingCapacity: true)
                seen[own] = true
                neighbours.append(own)
                for arc in level.adjacency.arcs(of: v) {
                    let c = community[level.adjacency.targets[arc]]
                    if !seen[c] {
                        seen[c] = true
                        neighbours.append(c)
                    }
                    linkTo[c] += level.adjacency.weights[arc]
                    try meter.charge()
                }
                totals[own] -= degree
                var best = own, bestGain = linkTo[own] - scale * totals[own] * degree
                for c in neighbours.dropFirst() {
                    let gain = linkTo[c] - scale * totals[c] * degree
                    if gain > bestGain + 1e-12 * max(1, abs(bestGain)) {
                        best = c
                        bestGain = gain
                    }
                }
                for c in neighbours {
                    linkTo[c] = 0
                    seen[c] = false
                }
                totals[best] += degree
                if best != own {
                    community[v] = best
                    moved = true
                    movedAny = true
                }
            }
            if !moved { return (movedAny, community) }
        }
    }
}
