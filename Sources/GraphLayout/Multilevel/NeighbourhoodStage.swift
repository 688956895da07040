import D3Random
import Foundation
import GraphModel
import ProcessorSupport
import Render

/// The multilevel layout's opt-in last stage (`neighbourhoodSteps`): raises neighbourhood preservation (each node's
/// graph neighbours among its nearest nodes in the picture) while holding the stress, as tsNET (Kruiger et al., "Graph
/// layouts by t-SNE", 2017) trades stress for neighbourhoods. Each step moves every node at once by a preconditioned
/// gradient step on two terms, in graph units (one hop ≈ 1):
/// - sparse stress against a seeded batch of pivots (one-sided, as the sparse model's pivot terms: each node moves
///   toward its hop distance from each pivot, weight 1/h², the batch standing for every node), which keeps the
///   distances the stress measure counts — nearly all of its pairs are far apart;
/// - a local term at the scale `length` (a fraction of a hop): t-SNE's heavy-tailed similarity q = 1/(1 + d²/ℓ²)
///   pulled up along graph edges (−log q) and pushed down (−log(1 − q)) for the node's `negatives` nearest nodes in
///   the picture that are not its graph neighbours (LargeVis and UMAP sample t-SNE's repulsion so; here the
///   samples are the near nodes, which are what crowd a node's neighbours out of its nearest).
/// The stress measure hardly notices: a node's neighbours are a few of its pairs, and moving them a fraction of a
/// hop changes its far distances by a fraction of theirs.
enum NeighbourhoodStage {
    /// Pivots whose hop counts are held.
    static let pivots = 800
    /// Pivots a step's stress term uses (64 of 400 left the power grid's stress at 0.0616 against 0.0606, measured
    /// in the prototype).
    static let batch = 128
    /// Near nodes repelled per node.
    static let negatives = 10
    /// Steps between finding every node's near nodes again.
    static let nearEvery = 5
    /// The first and last steps, preconditioned (1: a majorization step); between them the step falls geometrically,
    /// so the batches' noise dies down (a constant step left the power grid's stress at 0.0614 against 0.0604).
    static let firstStep = 0.5, lastStep = 0.05

    /// `coordinates` (layout units, 2 per node) after `steps` steps of the stage on `level`, with the local term's
    /// `weight` and `length` (graph units), ending scaled back to `distance` per hop. `check` runs before each search
    /// and step with the work it stands for, and may throw to stop. `threads` does not change the result.
    static func refined(
        _ coordinates: [Double], level: LevelGraph, steps: Int, weight: Double, length: Double, distance: Double,
        threads: Int, random: inout LCG, check: (Int) throws -> Void
    ) throws -> [Double] {
        let n = level.nodeCount
        guard steps > 0, n > 2, !level.edges.isEmpty else { return coordinates }
        try MemoryRequest.check(memoryNeeded(nodeCount: n, threads: threads),
                                for: "the multilevel layout's neighbourhood stage (\(n) nodes)")
        let paths = try ShortestPaths(nodeCount: n, edges: level.edges)
        let sampled = SampledStress(paths: paths, count: SampledStress.comparedSources, random: &random)
        let scale = try sampled.scale(of: coordinates, dimensions: 2, check: check)
        let space = Space(nodeCount: n)
        for i in 0..<n { space.points[i] = SIMD2(coordinates[2 * i], coordinates[2 * i + 1]) * scale }
        let count = min(pivots, n)
        var order = Array(0..<n)
        for k in 0..<count { order.swapAt(k, k + random.next(below: n - k)) }
        let pivotNodes = Array(order[..<count])
        let rows = HopRows(paths: paths, capacity: count, threads: threads)
        try check(count * (n + paths.neighbours.count))
        rows.search(from: pivotNodes[...])
        let a = 1 / (length * length), floor = 1e-3 * length * length
        var chosen = Array(0..<count)
        for s in 0..<steps {
            if s % nearEvery == 0 {
                try check(n * (negatives + 8))
                findNearNonNeighbours(space, paths: paths, threads: threads)
            }
            for k in 0..<min(batch, count) { chosen.swapAt(k, k + random.next(below: count - k)) }
            let batchRows = Array(chosen[..<min(batch, count)])
            let stressScale = Double(n) / Double(batchRows.count)
            let step = firstStep * pow(lastStep / firstStep, Double(s) / Double(max(steps - 1, 1)))
            try check(n * (batchRows.count + negatives))
            forEachClaimedItem(n, threads: threads) { i, _ in
                let p = space.points, x = p[i]
                var gradient = SIMD2<Double>(), stiffness = 0.0
                for r in batchRows {
                    let h = rows.hops(row: r, node: i)
                    guard h > 0 else { continue }
                    let offset = x - p[pivotNodes[r]], hops = Double(h)
                    let d = max((offset * offset).sum().squareRoot(), 1e-9), w = 1 / (hops * hops)
                    gradient += offset * (2 * w * (d - hops) / d)
                    stiffness += 2 * w
                }
                gradient *= stressScale
                stiffness *= stressScale
                let around = paths.range(of: i)
                for k in around {
                    let offset = x - p[paths.neighbours[k]]
                    gradient += offset * (weight * 2 * a / (1 + a * (offset * offset).sum()))
                }
                for k in 0..<negatives {
                    let m = Int(space.near[i * negatives + k])
                    guard m >= 0 else { break }
                    let offset = x - p[m], d2 = (offset * offset).sum()
                    gradient -= offset * (weight * 2 / ((d2 + floor) * (1 + a * d2)))
                }
                stiffness += 2 * weight * Double(max(around.count, 1))
                var move = gradient * (step / max(stiffness, 1e-12))
                let moved = (move * move).sum().squareRoot()
                if moved > length { move *= length / moved }
                space.next[i] = x - move
            }
            for i in 0..<n { space.points[i] = space.next[i] }
        }
        return (0..<n).flatMap { [space.points[$0].x * distance, space.points[$0].y * distance] }
    }

    /// The points, their next positions and each node's near nodes, which the threads read and write (each node's
    /// entries by one thread only).
    private final class Space: @unchecked Sendable {
        let points: UnsafeMutableBufferPointer<SIMD2<Double>>
        let next: UnsafeMutableBufferPointer<SIMD2<Double>>
        /// Node i's near nodes are near[i * negatives ..< (i + 1) * negatives], −1 past the last.
        let near: UnsafeMutableBufferPointer<Int32>

        init(nodeCount n: Int) {
            points = .allocate(capacity: n)
            points.initialize(repeating: .zero)
            next = .allocate(capacity: n)
            next.initialize(repeating: .zero)
            near = .allocate(capacity: n * negatives)
            near.initialize(repeating: -1)
        }

        deinit {
            points.deallocate()
            next.deallocate()
            near.deallocate()
        }
    }

    /// The bytes the stage holds at once: the pivots' hop counts, the threads' queues, the near lists, the points
    /// twice and the adjacency.
    static func memoryNeeded(nodeCount n: Int, threads: Int) -> Int {
        let (bytes, overflow) = n.multipliedReportingOverflow(by: 4 * (pivots + max(threads, 1) + negatives) + 8 * 4 + 16)
        return overflow ? Int.max : bytes
    }

    /// Fills `space.near` with each node's `negatives` nearest nodes in the picture that are not its graph neighbours
    /// (nearest first, ties to the lower index; −1 past the last when there are fewer), found through a grid on
    /// `threads` threads.
    private static func findNearNonNeighbours(_ space: Space, paths: ShortestPaths, threads: Int) {
        let n = space.points.count
        let points = Array(space.points)
        let grid = NearestGrid(positions: points)
        forEachClaimedItem(n, threads: threads) { i, _ in
            let around = paths.range(of: i)
            var heap = NearestHeap()
            grid.nearest(min(negatives + around.count, n - 1), to: i, into: &heap)
            func squared(_ m: Int) -> Double { let offset = points[m] - points[i]; return (offset * offset).sum() }
            let found = heap.members.filter { m in !around.contains { paths.neighbours[$0] == m } }
                .sorted { squared($0) < squared($1) || (squared($0) == squared($1) && $0 < $1) }
            for k in 0..<negatives { space.near[i * negatives + k] = k < found.count ? Int32(found[k]) : -1 }
        }
    }
}
