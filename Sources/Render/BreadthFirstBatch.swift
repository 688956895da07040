import GraphModel

/// Breadth-first searches from up to 64 sources at once, for the stress's hop counts (the multi-source search of
/// Then et al., "The More the Merrier", VLDB 2014): each node holds a 64-bit mask of the sources that have reached it,
/// and a level pushes the masks of the nodes reached last across their edges, so a node reached by many sources at
/// one level is visited once for all of them. It adds up each source's stress terms as it goes, node by node in a
/// fixed order, so its sums depend on its sources alone. A search runs a level at a time within a budget of edges
/// scanned and is resumed, so its caller can check the limits between rounds. One thread's storage, reused.
final class BreadthFirstBatch: @unchecked Sendable {
    /// The most sources of one search.
    static let width = 64

    /// The search's arrays, kept together so that `advance` can move them into a local (a loop over a class's
    /// arrays pays an exclusivity check per access).
    private struct Arrays {
        /// Per node: the sources that have reached it, those that reached it at the last level, at the next.
        var seen: [UInt64] = [], frontier: [UInt64] = [], next: [UInt64] = []
        /// The nodes reached at the last level and at the next.
        var frontierNodes: [Int32] = [], nextNodes: [Int32] = []
        /// Each source's stress terms so far.
        var sums: [GraphDistances.SourceSums] = []
    }

    private var arrays = Arrays()
    private var sources: [Int] = []
    private var level = 0
    /// Each source's stress terms so far.
    var sums: [GraphDistances.SourceSums] { arrays.sums }
    /// Source-node pairs reached since the last `takeWork()`.
    private var reached = 0

    /// Whether the search has reached every node it can.
    var isDone: Bool { arrays.frontierNodes.isEmpty }

    /// Starts a search from `sources` (at most `width`, distinct) in a graph of `n` nodes.
    func start(from sources: ArraySlice<Int>, nodeCount n: Int) {
        precondition(sources.count <= Self.width)
        if arrays.seen.count != n {
            arrays.seen = [UInt64](repeating: 0, count: n)
            arrays.frontier = arrays.seen
            arrays.next = arrays.seen
        } else {
            for i in 0..<n {
                arrays.seen[i] = 0
                arrays.frontier[i] = 0
                arrays.next[i] = 0
            }
        }
        arrays.frontierNodes.removeAll(keepingCapacity: true)
        self.sources = Array(sources)
        arrays.sums = [GraphDistances.SourceSums](repeating: .init(), count: sources.count)
        for (i, s) in sources.enumerated() {
            if arrays.seen[s] == 0 { arrays.frontierNodes.append(Int32(truncatingIfNeeded: s)) }
            arrays.seen[s] |= 1 << UInt64(i)
            arrays.frontier[s] |= 1 << UInt64(i)
        }
        level = 0
        reached = sources.count
    }

    /// The source-node pairs reached since the last call.
    func takeWork() -> Int {
        defer { reached = 0 }
        return reached
    }

    /// Runs whole levels until `budget` edges have been scanned or the search is done.
    func advance(paths: ShortestPaths, positions: [SIMD2<Double>], budget: Int) {
        var arrays = Arrays()
        swap(&arrays, &self.arrays)
        defer { swap(&arrays, &self.arrays) }
        let sources = self.sources
        var scanned = 0, reached = 0, level = self.level
        while !arrays.frontierNodes.isEmpty && scanned < budget {
            level += 1
            arrays.nextNodes.removeAll(keepingCapacity: true)
            paths.offsets.withUnsafeBufferPointer { offsets in
                paths.neighbours.withUnsafeBufferPointer { neighbours in
                    for u32 in arrays.frontierNodes {
                        let u = Int(u32)
                        let mask = arrays.frontier[u]
                        arrays.frontier[u] = 0
                        scanned += offsets[u + 1] - offsets[u]
                        for k in offsets[u]..<offsets[u + 1] {
                            let v = neighbours[k]
                            let new = mask & ~arrays.seen[v]
                            guard new != 0 else { continue }
                            if arrays.next[v] == 0 { arrays.nextNodes.append(Int32(truncatingIfNeeded: v)) }
                            arrays.next[v] |= new
                            arrays.seen[v] |= new
                        }
                    }
                }
            }
            let hops = Double(level)
            for v32 in arrays.nextNodes {
                let v = Int(v32)
                let here = positions[v]
                var mask = arrays.next[v]
                reached += mask.nonzeroBitCount
                while mask != 0 {
                    let i = mask.trailingZeroBitCount
                    mask &= mask - 1
                    let ratio = Metrics.distance(positions[sources[i]], here) / hops
                    arrays.sums[i].ratios += ratio
                    arrays.sums[i].squares += ratio * ratio
                    arrays.sums[i].pairs += 1
                }
            }
            swap(&arrays.frontier, &arrays.next)
            swap(&arrays.frontierNodes, &arrays.nextNodes)
        }
        self.level = level
        self.reached += reached
    }
}
