import GraphModel

/// The multilevel polish's stress model: the sparse model (graph neighbours and pivots) plus each node's nodes two
/// hops away (weight 1/d²). Without them a local shear costs the sparse model nothing — a ladder's rungs slant until
/// a node's diagonal partner is nearer than its own neighbours (neighbourhood preservation 0.566 at 2 × 10,000
/// nodes, measured) — since pivots are too far to see it. Only the graph's 2-core (what is left once leaves are
/// peeled off again and again) has cycles to shear: on the pendant trees around it the pairs mostly push each fan of
/// branches apart into its neighbours' (a complete binary tree of 511 nodes: 214 crossings without them, 310 with
/// them, 220 with them at a quarter weight; measured), so a pair with an end off the 2-core weighs `pendantWeight`.
struct TwoHopStress: StressModel {
    /// Graph neighbours and pivots.
    let sparse: SparseStress
    /// Node i's nodes two hops away are `twoHop[twoHopOffsets[i] ..< twoHopOffsets[i + 1]]`.
    let twoHopOffsets: [Int]
    /// The nodes two hops away, node after node (through nodes of at most `viaDegreeLimit` neighbours only).
    let twoHop: [Int32]
    /// The graph distance to each entry of `twoHop` (the shorter of the two-edge paths).
    let twoHopDistances: [Float]

    /// Only nodes with at most this many neighbours join their neighbours as two-hop pairs, so a hub does not make
    /// a term for every pair of its neighbours (the terms are then at most this many times twice the edges).
    static let viaDegreeLimit = 32

    var nodeCount: Int { sparse.nodeCount }

    /// The terms of `sparse` and its graph's two-hop pairs; `check` runs for each node with its neighbours' count.
    init(sparse: SparseStress, check: (Int) throws -> Void) throws {
        let paths = sparse.paths, n = paths.nodeCount
        var offsets = [0]
        offsets.reserveCapacity(n + 1)
        var nodes: [Int32] = [], distances: [Float] = []
        var stamp = [Int](repeating: -1, count: n), slot = [Int](repeating: 0, count: n)
        let cycled = try Self.twoCore(paths, check: check)
        for i in 0..<n {
            let around = paths.range(of: i)
            try check(around.count)
            (stamp[i], slot[i]) = (i, -1)
            for k in around { (stamp[paths.neighbours[k]], slot[paths.neighbours[k]]) = (i, -1) }
            for k in around {
                let v = paths.neighbours[k]
                let through = paths.range(of: v)
                guard through.count <= Self.viaDegreeLimit else { continue }
                for e in through {
                    let w = paths.neighbours[e], d = Float(paths.length(at: k) + paths.length(at: e))
                    if stamp[w] == i {
                        if slot[w] >= 0, d < distances[slot[w]] { distances[slot[w]] = d }
                        continue
                    }
                    (stamp[w], slot[w]) = (i, nodes.count)
                    nodes.append(Int32(w))
                    distances.append(d)
                }
            }
            offsets.append(nodes.count)
        }
        self.sparse = sparse
        twoHopOffsets = offsets
        twoHop = nodes
        twoHopDistances = distances
        self.cycled = cycled
    }

    /// Whether each node is in the graph's 2-core.
    let cycled: [Bool]

    /// The weight (times 1/d²) of a two-hop pair with an end off the 2-core: a quarter keeps most of what the pairs
    /// give a real graph's pendant trees (the power grid's NP 0.036, 0.032 without them) with few of a tree's crossings.
    static let pendantWeight = 0.25

    /// Whether each node of `paths` is in its 2-core: nodes with at most one neighbour left are peeled off until none
    /// is; `check` runs for each peeled node with its neighbours' count.
    static func twoCore(_ paths: ShortestPaths, check: (Int) throws -> Void) throws -> [Bool] {
        var degree = (0..<paths.nodeCount).map { paths.range(of: $0).count }
        var kept = degree.map { $0 >= 2 }
        var peeled = (0..<paths.nodeCount).filter { !kept[$0] }
        while let v = peeled.popLast() {
            try check(paths.range(of: v).count)
            for k in paths.range(of: v) {
                let w = paths.neighbours[k]
                guard kept[w] else { continue }
                degree[w] -= 1
                if degree[w] < 2 {
                    kept[w] = false
                    peeled.append(w)
                }
            }
        }
        return kept
    }

    /// An upper bound on the bytes the two-hop pairs of `paths` take (each via node's neighbours pairwise), with the
    /// 2-core's flags.
    static func memoryNeeded(_ paths: ShortestPaths) -> Int {
        var pairs = 0
        for v in 0..<paths.nodeCount {
            let degree = paths.range(of: v).count
            if degree <= viaDegreeLimit { pairs += degree * (degree - 1) }
        }
        return pairs * 8 + (paths.nodeCount + 1) * 8 + paths.nodeCount
    }

    func forEachTerm(of i: Int, _ body: (Int, Double, Double) -> Void) {
        sparse.forEachTerm(of: i, body)
        for k in twoHopOffsets[i]..<twoHopOffsets[i + 1] {
            let d = Double(twoHopDistances[k])
            let w = Int(twoHop[k])
            body(w, d, (cycled[i] && cycled[w] ? 1 : Self.pendantWeight) / (d * d))
        }
    }
}
