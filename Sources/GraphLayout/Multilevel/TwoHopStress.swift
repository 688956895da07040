import GraphModel

/// The multilevel polish's stress model: the sparse model (graph neighbours and pivots) plus each node's nodes two
/// hops away (weight 1/d²). Without them a local shear costs the sparse model nothing — a ladder's rungs slant until
/// a node's diagonal partner is nearer than its own neighbours (neighbourhood preservation 0.566 at 2 × 10,000
/// nodes, measured) — since pivots are too far to see it.
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
    }

    /// An upper bound on the bytes the two-hop pairs of `paths` take (each via node's neighbours pairwise).
    static func memoryNeeded(_ paths: ShortestPaths) -> Int {
        var pairs = 0
        for v in 0..<paths.nodeCount {
            let degree = paths.range(of: v).count
            if degree <= viaDegreeLimit { pairs += degree * (degree - 1) }
        }
        return pairs * 8 + (paths.nodeCount + 1) * 8
    }

    func forEachTerm(of i: Int, _ body: (Int, Double, Double) -> Void) {
        sparse.forEachTerm(of: i, body)
        for k in twoHopOffsets[i]..<twoHopOffsets[i + 1] {
            let d = Double(twoHopDistances[k])
            body(Int(twoHop[k]), d, 1 / (d * d))
        }
    }
}
