import D3Random
import Foundation
import GraphModel
import ProcessorSupport

/// An undirected adjacency structure with shortest-path distances, for the graph-based metrics.
struct GraphDistances {
    /// The adjacency and its distances: hop counts, or weighted when edges have lengths.
    let paths: ShortestPaths

    /// Builds the adjacency of `edges` (self loops ignored, repeats kept once at their shortest), with an optional
    /// positive length per edge.
    init(nodeCount: Int, edges: [(Int, Int)], lengths: [Double]?) throws {
        paths = try ShortestPaths(nodeCount: nodeCount, edges: edges, lengths: lengths)
    }

    /// The distinct neighbours of node `v`, in ascending order.
    func neighbours(of v: Int) -> ArraySlice<Int> { paths.neighbours[paths.range(of: v)] }

    /// Every node when there are at most `limit`, else `samples` nodes drawn with d3's LCG from `seed`, ascending.
    func sources(limit: Int, samples: Int, seed: UInt32) -> [Int] {
        let n = paths.nodeCount
        if n <= limit || samples >= n { return Array(0..<n) }
        var order = Array(0..<n)
        var random = LCG(seed: seed)
        for i in 0..<max(samples, 0) {
            order.swapAt(i, i + random.next(below: n - i))
        }
        return order.prefix(max(samples, 0)).sorted()
    }

    /// Normalised stress over connected pairs (source, other), with the layout scaled optimally; charges `meter` one
    /// unit per node each source reaches. Hop counts come from searches of up to 64 sources at once
    /// (`BreadthFirstBatch`), weighted distances from one Dijkstra search a source; either way they run on up to
    /// `threads` threads and each source's sums are added in source order, so the figure is the same whatever the
    /// thread count.
    func stress(positions: [SIMD2<Double>], sources: [Int], threads: Int, meter: WorkMeter) throws -> Double {
        let sums = paths.lengths == nil
            ? try hopStressSums(positions: positions, sources: sources, threads: threads, meter: meter)
            : try weightedStressSums(positions: positions, sources: sources, threads: threads, meter: meter)
        var a = 0.0, b = 0.0, count = 0
        for sum in sums {
            a += sum.ratios
            b += sum.squares
            count += sum.pairs
        }
        guard count > 0 else { return 0 }
        guard b > 0 else { return 1 }
        return max(0, 1 - a * a / (b * Double(count)))
    }

    /// One source's terms of the stress: the sum of layout distance ÷ graph distance over the nodes it reaches, of
    /// their squares, and how many there are.
    struct SourceSums {
        var ratios = 0.0, squares = 0.0, pairs = 0
    }

    /// Edges a search scans between two checks of the limits.
    static let searchBudget = 1 << 22

    /// Each source's stress terms by hop counts: the graph renumbered for the searches (`BreadthFirstGraph`), the
    /// sources in batches of up to 64 (as even as the count allows, so the batches depend on the sources alone),
    /// `threads` batches at a time, each thread searching one; between rounds of at most `searchBudget` edges a
    /// search, the meter is charged on this thread.
    private func hopStressSums(positions: [SIMD2<Double>], sources: [Int], threads: Int, meter: WorkMeter) throws -> [SourceSums] {
        guard !sources.isEmpty else { return [] }
        let n = paths.nodeCount
        let batchCount = (sources.count + BreadthFirstBatch.width - 1) / BreadthFirstBatch.width
        let size = (sources.count + batchCount - 1) / batchCount
        let workers = max(1, min(threads, batchCount))
        // The renumbered graph: a position, a new number, an offset and a place in the order a node, 4 bytes a neighbour.
        try MemoryRequest.check(n * 28 + paths.neighbours.count * 4, of: UInt8.self, for: "the stress's renumbered graph (\(n) nodes)")
        let graph = try BreadthFirstGraph(paths: paths, positions: positions)
        // Per thread: three masks of 8 bytes and two node lists of 4 bytes a node.
        try MemoryRequest.check(workers * n * 4, of: Double.self, for: "the stress's breadth-first searches (\(workers) × \(n) nodes)")
        let searches = (0..<workers).map { _ in BreadthFirstBatch() }
        var sums: [SourceSums] = []
        sums.reserveCapacity(sources.count)
        for wave in stride(from: 0, to: batchCount, by: workers) {
            let members = wave..<min(wave + workers, batchCount)
            for batch in members {
                let batchSources = sources[batch * size..<min((batch + 1) * size, sources.count)]
                searches[batch - wave].start(from: batchSources.map { Int(graph.newNumber[$0]) }, in: graph)
            }
            while true {
                let active = searches.prefix(members.count).filter { !$0.isDone }
                for search in searches.prefix(members.count) { try meter.charge(search.takeWork()) }
                guard !active.isEmpty else { break }
                forEachClaimedItem(active.count, threads: workers) { i, _ in
                    active[i].advance(in: graph, budget: Self.searchBudget)
                }
            }
            for search in searches.prefix(members.count) { sums += search.sums }
        }
        return sums
    }

    /// Each source's stress terms by weighted distances, one Dijkstra search a source on up to `threads` threads.
    private func weightedStressSums(positions: [SIMD2<Double>], sources: [Int], threads: Int, meter: WorkMeter) throws -> [SourceSums] {
        let n = paths.nodeCount
        let workers = max(1, min(threads, sources.count))
        try MemoryRequest.check(workers * n, of: Double.self, for: "the stress's shortest-path searches (\(workers) × \(n) nodes)")
        let spaces = (0..<workers).map { _ in WeightedSearch() }
        return try ParallelSources.map(sources.count, workspaces: spaces, initial: SourceSums(), meter: meter,
                                       units: { _ in n }) { i, space in
            space.sums(from: sources[i], paths: paths, positions: positions)
        }
    }

    /// One thread's distances for Dijkstra searches, reused from source to source.
    final class WeightedSearch: @unchecked Sendable {
        private var distances: [Double] = []

        /// The stress terms of `source` by weighted distances.
        func sums(from source: Int, paths: ShortestPaths, positions: [SIMD2<Double>]) -> SourceSums {
            var sums = SourceSums()
            paths.distances(from: source, into: &distances)
            for (j, g) in distances.enumerated() where g > 0 && g < .infinity {
                let ratio = Metrics.distance(positions[source], positions[j]) / g
                sums.ratios += ratio
                sums.squares += ratio * ratio
                sums.pairs += 1
            }
            return sums
        }
    }

    /// The smallest angle in degrees between edges at one node, over nodes with two or more edge directions;
    /// charges `meter` one unit per node and per edge end.
    func minAngle(positions: [SIMD2<Double>], meter: WorkMeter) throws -> Double {
        var best = 360.0
        for v in 0..<paths.nodeCount {
            let list = neighbours(of: v)
            try meter.charge(1 + list.count)
            guard list.count >= 2 else { continue }
            let angles = list.compactMap { w -> Double? in
                let d = positions[w] - positions[v]
                return d.x == 0 && d.y == 0 ? nil : atan2(d.y, d.x)
            }.sorted()
            guard angles.count >= 2 else { continue }
            for (i, angle) in angles.enumerated() {
                let next = i + 1 < angles.count ? angles[i + 1] : angles[0] + 2 * Double.pi
                best = min(best, (next - angle) * 180 / Double.pi)
            }
        }
        return best
    }

    /// The mean Jaccard similarity of graph neighbours and the same number of nearest layout nodes, over sources with
    /// neighbours; charges `meter` one unit per node for each such source. The nearest nodes are found through a grid
    /// (`NearestGrid`) on up to `threads` threads, and the similarities added in source order.
    func neighbourhoodPreservation(positions: [SIMD2<Double>], sources: [Int], threads: Int, meter: WorkMeter) throws -> Double {
        let used = sources.filter { !neighbours(of: $0).isEmpty }
        guard !used.isEmpty else { return 1 }
        let workers = max(1, min(threads, used.count))
        try MemoryRequest.check(positions.count * 3, of: Int.self, for: "the nearest-neighbour grid of \(positions.count) nodes")
        let grid = NearestGrid(positions: positions)
        let spaces = (0..<workers).map { _ in NearestSpace() }
        let similarities = try ParallelSources.map(used.count, workspaces: spaces, initial: 0.0, meter: meter,
                                                   units: { _ in paths.nodeCount }) { i, space in
            let s = used[i]
            let list = neighbours(of: s)
            grid.nearest(list.count, to: s, into: &space.heap)
            var shared = 0
            for j in space.heap.members {
                var low = list.startIndex, high = list.endIndex
                while low < high {
                    let middle = (low + high) / 2
                    if list[middle] < j { low = middle + 1 } else { high = middle }
                }
                if low < list.endIndex && list[low] == j { shared += 1 }
            }
            return Double(shared) / Double(2 * list.count - shared)
        }
        return similarities.reduce(0, +) / Double(used.count)
    }

    /// One thread's heap for nearest-neighbour queries, reused from source to source.
    final class NearestSpace: @unchecked Sendable {
        var heap = NearestHeap()
    }
}
