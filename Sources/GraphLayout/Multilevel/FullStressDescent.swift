import D3Random
import Foundation
import GraphModel

/// The multilevel layout's last pass on graphs of up to `MultilevelOptions.descentNodeLimit` nodes: stochastic
/// gradient descent of the full stress (Zheng, Pawar and Goodman, "Graph Drawing by Stochastic Gradient Descent",
/// 2018, as s_gd2 computes it): every pair of nodes at hop distance h with weight 1/h², each epoch visiting every
/// pair once and moving both nodes toward their target distance, the step falling exponentially from epoch to epoch.
/// The sparse polish's pivots stand in for distant pairs badly on graphs whose pairs are all a few hops apart (random
/// graphs); this pass takes every pair (30 epochs: G(2,000) 0.184 → 0.171 against s_gd2's 0.167, measured). Without
/// an n × n matrix: each epoch
/// takes the sources in a seeded order, a batch at a time, finding their hop counts by breadth-first searches on the
/// threads (`HopRows`), and each pair from the source that comes first in that order; the batch's pairs are shuffled
/// (seeded) and moved on one thread, so the result depends on the seed alone, whatever the thread count.
enum FullStressDescent {
    /// The sources searched at once.
    static let batch = 64
    /// The first epoch's step (Zheng et al. start at 1 / smallest weight, the squared diameter, which forgets any
    /// start; this one gives every pair up to 10 hops apart a whole step first, and keeps what the levels found of
    /// longer distances).
    static let firstStep = 100.0
    /// The last epoch's step times the largest weight (Zheng et al.'s ε).
    static let lastStep = 0.01
    /// `coordinates` (layout units, `dimensions` per node) after `epochs` epochs over `level`'s pairs, searched on
    /// `threads` threads, kept as `CheckedStage` keeps a stage; and whether the descended layout was kept. The
    /// descent starts from the layout scaled to graph units by the compared sources' best scale and ends scaled back,
    /// `distance` per hop. `check` runs before each batch of searches with the edges they scan, before each batch's
    /// moves with their count and for each compared source, and may throw to stop.
    static func descended(
        _ coordinates: [Double], level: LevelGraph, dimensions d: Int, epochs: Int, distance: Double, threads: Int,
        random: inout LCG, check: (Int) throws -> Void
    ) throws -> (coordinates: [Double], kept: Bool) {
        let n = level.nodeCount
        guard epochs > 0 else { return (coordinates, false) }
        return try CheckedStage.run(
            coordinates, level: level, dimensions: d, memory: memoryNeeded(nodeCount: n, dimensions: d, threads: threads),
            purpose: "the multilevel layout's descent over every pair (\(n) nodes)", random: &random, check: check
        ) { start, random in
            let paths = start.paths
            let comparison = try start.measured(random: &random, check: check)
            let scale = try comparison.sampled.scale(of: coordinates, dimensions: d, check: check)
            func solve<Vector: SIMD>(as _: Vector.Type, random: inout LCG) throws -> [Double] where Vector.Scalar == Double {
                var points = (0..<n).map { i in
                    var point = Vector()
                    for axis in 0..<d { point[axis] = coordinates[i * d + axis] * scale }
                    return point
                }
                try run(&points, paths: paths, epochs: epochs, threads: threads, random: &random, check: check)
                return points.flatMap { point in (0..<d).map { point[$0] * distance } }
            }
            let descended = d == 3 ? try solve(as: SIMD3<Double>.self, random: &random) : try solve(as: SIMD2<Double>.self, random: &random)
            return (descended, comparison)
        }
    }

    /// The bytes the descent holds at once: a batch's hop counts and pairs, the threads' queues, the points and the
    /// adjacency.
    static func memoryNeeded(nodeCount n: Int, dimensions: Int, threads: Int) -> Int {
        let (bytes, overflow) = n.multipliedReportingOverflow(by: 16 * batch + 4 * max(threads, 1) + 8 * (2 * dimensions + 4))
        return overflow ? Int.max : bytes
    }

    /// One pair to move: two nodes and their hop distance.
    private struct Pair {
        var i: Int32, j: Int32, hops: Int32
    }

    /// `points` (in graph units) after `epochs` epochs over `paths`' pairs.
    private static func run<Vector: SIMD>(
        _ points: inout [Vector], paths: ShortestPaths, epochs: Int, threads: Int, random: inout LCG,
        check: (Int) throws -> Void
    ) throws where Vector.Scalar == Double {
        let n = paths.nodeCount
        let rows = HopRows(paths: paths, capacity: batch, threads: threads)
        let weights = (0..<n).map { $0 == 0 ? 0 : 1 / Double($0 * $0) }
        let decay = epochs > 1 ? log(firstStep / lastStep) / Double(epochs - 1) : 0
        var order = Array(0..<n)
        var pairs: [Pair] = []
        pairs.reserveCapacity(batch * n)
        for epoch in 0..<epochs {
            let step = firstStep * exp(-decay * Double(epoch))
            for k in stride(from: n - 1, to: 0, by: -1) { order.swapAt(k, random.next(below: k + 1)) }
            for start in stride(from: 0, to: n, by: batch) {
                let sources = order[start..<min(start + batch, n)]
                try check(sources.count * (n + paths.neighbours.count))
                rows.search(from: sources)
                pairs.removeAll(keepingCapacity: true)
                for (r, s) in sources.enumerated() {
                    for j in order[(start + r + 1)...] {
                        let h = rows.hops(row: r, node: j)
                        if h > 0 { pairs.append(Pair(i: Int32(s), j: Int32(j), hops: h)) }
                    }
                }
                for k in stride(from: pairs.count - 1, to: 0, by: -1) { pairs.swapAt(k, random.next(below: k + 1)) }
                try check(pairs.count)
                points.withUnsafeMutableBufferPointer { p in
                    for pair in pairs {
                        let i = Int(pair.i), j = Int(pair.j), h = Int(pair.hops)
                        let offset = p[i] - p[j]
                        let length = (offset * offset).sum().squareRoot()
                        guard length > 0 else { continue }
                        let move = offset * (min(step * weights[h], 1) * (length - Double(h)) / (2 * length))
                        p[i] -= move
                        p[j] += move
                    }
                }
            }
        }
    }
}
