import GraphModel

/// Breadth-first searches from up to 64 sources at once, for the stress's hop counts (the multi-source search of
/// Then et al., "The More the Merrier", VLDB 2014): each node holds a 64-bit mask of the sources that have reached it,
/// and a level pushes the masks of the nodes reached last across their edges, so a node reached by many sources at
/// one level is visited once for all of them. It runs on a `BreadthFirstGraph`, whose numbering keeps the nodes of
/// one level close together, and takes each level's nodes in ascending order. It adds up each source's stress terms
/// as it goes: per level, the layout distances and their squares, divided by the level and its square when the level
/// ends, node by node in ascending order, so its sums depend on its sources alone. A search runs a level at a time
/// within a budget of edges scanned and is resumed, so its caller can check the limits between rounds. One thread's
/// storage, reused.
final class BreadthFirstBatch: @unchecked Sendable {
    /// The most sources of one search.
    static let width = 64

    /// The search's arrays, kept together so that `advance` can move them into a local (a loop over a class's
    /// arrays pays an exclusivity check per access).
    private struct Arrays {
        /// Per node: the sources that have reached it, those that reached it at the last level, at the next.
        var seen: [UInt64] = [], frontier: [UInt64] = [], next: [UInt64] = []
        /// The nodes reached at the last level and at the next, each in ascending order once the level is done.
        var frontierNodes: [UInt32] = [], nextNodes: [UInt32] = []
        /// Each source's stress terms so far.
        var sums: [GraphDistances.SourceSums] = []
        /// Each source's position.
        var sourcePositions: [SIMD2<Double>] = []
    }

    private var arrays = Arrays()
    private var level = 0
    /// Each source's stress terms so far.
    var sums: [GraphDistances.SourceSums] { arrays.sums }
    /// Source-node pairs reached since the last `takeWork()`.
    private var reached = 0

    /// Whether the search has reached every node it can.
    var isDone: Bool { arrays.frontierNodes.isEmpty }

    /// Starts a search from `sources` (at most `width`, distinct; `graph`'s new numbers).
    func start(from sources: [Int], in graph: BreadthFirstGraph) {
        precondition(sources.count <= Self.width)
        let n = graph.nodeCount
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
        arrays.sums = [GraphDistances.SourceSums](repeating: .init(), count: sources.count)
        arrays.sourcePositions = sources.map { graph.positions[$0] }
        for (i, s) in sources.enumerated() {
            if arrays.seen[s] == 0 { arrays.frontierNodes.append(UInt32(truncatingIfNeeded: s)) }
            arrays.seen[s] |= 1 << UInt64(i)
            arrays.frontier[s] |= 1 << UInt64(i)
        }
        arrays.frontierNodes.sort()
        level = 0
        reached = sources.count
    }

    /// The source-node pairs reached since the last call.
    func takeWork() -> Int {
        defer { reached = 0 }
        return reached
    }

    /// Per source, the terms of one level: the sum of layout distances, of their squares, and how many.
    private struct LevelSums {
        var distances = 0.0, squares = 0.0, pairs = 0
    }

    /// Runs whole levels until `budget` edges have been scanned or the search is done.
    func advance(in graph: BreadthFirstGraph, budget: Int) {
        var arrays = Arrays()
        swap(&arrays, &self.arrays)
        defer { swap(&arrays, &self.arrays) }
        let n = graph.nodeCount
        var scanned = 0, reached = 0, level = self.level
        var levelSums = [LevelSums](repeating: .init(), count: arrays.sums.count)
        while !arrays.frontierNodes.isEmpty && scanned < budget {
            level += 1
            arrays.nextNodes.removeAll(keepingCapacity: true)
            graph.offsets.withUnsafeBufferPointer { offsets in
                graph.neighbours.withUnsafeBufferPointer { neighbours in
                    arrays.seen.withUnsafeMutableBufferPointer { seen in
                        arrays.frontier.withUnsafeMutableBufferPointer { frontier in
                            arrays.next.withUnsafeMutableBufferPointer { next in
                                for u32 in arrays.frontierNodes {
                                    let u = Int(u32)
                                    let mask = frontier[u]
                                    frontier[u] = 0
                                    let first = Int(offsets[u]), end = Int(offsets[u + 1])
                                    scanned += end - first
                                    for k in first..<end {
                                        let v = Int(neighbours[k])
                                        let have = seen[v]
                                        let new = mask & ~have
                                        guard new != 0 else { continue }
                                        if next[v] == 0 { arrays.nextNodes.append(UInt32(truncatingIfNeeded: v)) }
                                        next[v] |= new
                                        seen[v] = have | new
                                    }
                                }
                                // Ascending order: a scan of the masks when the level is large, else a sort.
                                if arrays.nextNodes.count > n / 32 {
                                    arrays.nextNodes.removeAll(keepingCapacity: true)
                                    for v in 0..<n where next[v] != 0 { arrays.nextNodes.append(UInt32(truncatingIfNeeded: v)) }
                                } else {
                                    arrays.nextNodes.sort()
                                }
                            }
                        }
                    }
                }
            }
            graph.positions.withUnsafeBufferPointer { positions in
                arrays.sourcePositions.withUnsafeBufferPointer { sourcePositions in
                    levelSums.withUnsafeMutableBufferPointer { levelSums in
                        for v32 in arrays.nextNodes {
                            let v = Int(v32)
                            let here = positions[v]
                            var mask = arrays.next[v]
                            reached += mask.nonzeroBitCount
                            while mask != 0 {
                                let i = mask.trailingZeroBitCount
                                mask &= mask - 1
                                let d = sourcePositions[i] - here
                                let square = (d * d).sum()
                                levelSums[i].distances += square.squareRoot()
                                levelSums[i].squares += square
                                levelSums[i].pairs += 1
                            }
                        }
                    }
                }
            }
            let hops = Double(level)
            for i in levelSums.indices where levelSums[i].pairs > 0 {
                arrays.sums[i].ratios += levelSums[i].distances / hops
                arrays.sums[i].squares += levelSums[i].squares / (hops * hops)
                arrays.sums[i].pairs += levelSums[i].pairs
                levelSums[i] = LevelSums()
            }
            swap(&arrays.frontier, &arrays.next)
            swap(&arrays.frontierNodes, &arrays.nextNodes)
        }
        self.level = level
        self.reached += reached
    }
}
