import D3Random
import GraphModel

/// The last step of a multilevel layout: a few sweeps of sparse stress majorization (the model `fl.layout.stress`
/// uses above its exact size: graph neighbours and pivots, plus the pairs two hops apart) started from the refined
/// force layout, which fixes the local folds and uneven edge lengths the forces leave while keeping the global shape
/// the levels found. The sparse model's pivots stand in for distant pairs; where that serves a graph badly (random
/// graphs, whose pairs are all a few hops apart, measured: G(10,000)'s stress 0.197 became 0.27), the polish is
/// measured and dropped, after `probeSweeps` when it has not helped by then.
enum StressPolish {
    /// `coordinates` after up to `sweeps` sweeps of sparse stress with `pivots` pivots on `level`'s unit-length edges
    /// (then in layout units, `distance` per unit of graph distance), kept as `CheckedStage` keeps a stage (given up
    /// after `probeSweeps` when it has not lowered the stress by then); and whether the polished layout was kept.
    /// `check` runs before each pivot's row and each compared source, for each node of the model's passes and after
    /// each sweep, and may throw to stop.
    static func polished(
        _ coordinates: [Double], level: LevelGraph, dimensions d: Int, sweeps: Int, pivots: Int, distance: Double,
        random: inout LCG, check: (Int) throws -> Void
    ) throws -> (coordinates: [Double], kept: Bool) {
        let n = level.nodeCount
        guard sweeps > 0 else { return (coordinates, false) }
        return try CheckedStage.run(
            coordinates, level: level, dimensions: d, memory: memoryNeeded(nodeCount: n, pivots: pivots, dimensions: d),
            purpose: "the multilevel layout's stress polish (\(n) nodes × \(min(pivots, n)) pivots)", random: &random,
            check: check
        ) { start, random in
            let paths = start.paths
            let first = random.next(below: n)
            let chosen = try Pivots(count: pivots, nodeCount: n, first: first, gap: 1, choice: .farthest, random: &random, check: check) {
                paths.distances(from: $0)
            }
            try MemoryRequest.check(TwoHopStress.memoryNeeded(paths), for: "the multilevel layout's stress polish (two-hop pairs of \(n) nodes)")
            let model = try TwoHopStress(sparse: SparseStress(paths: paths, pivots: chosen, check: check), check: check)
            let comparison = try start.measured(random: &random, check: check)
            func lowers(_ polished: [Double]) throws -> Bool { try comparison.lowers(polished, check: check) }
            let polished = d == 3
                ? try solve(coordinates, model: model, sweeps: sweeps, distance: distance, lowers: lowers, random: &random, check: check, as: SIMD3<Double>.self)
                : try solve(coordinates, model: model, sweeps: sweeps, distance: distance, lowers: lowers, random: &random, check: check, as: SIMD2<Double>.self)
            return polished.map { ($0, comparison) }
        }
    }

    /// The sweeps after which a polish that has not lowered the sampled stress is given up (on G(100,000) the 30
    /// sweeps took most of the layout's time, measured, to be dropped).
    static let probeSweeps = 5

    /// The bytes the polish holds at once: the pivots' distances (twice while they are chosen), their weights, the
    /// adjacency and the points.
    static func memoryNeeded(nodeCount n: Int, pivots: Int, dimensions: Int) -> Int {
        let k = min(max(pivots, 0), n)
        let (total, overflow) = n.multipliedReportingOverflow(by: 20 * k + 24 * dimensions + 64)
        return overflow ? Int.max : total
    }

    /// The sweeps in `Vector`'s dimensions, from the coordinates scaled to graph units; nil when after
    /// `probeSweeps` of more than that the layout (in layout units) does not yet satisfy `lowers`.
    private static func solve<Vector: SIMD>(
        _ coordinates: [Double], model: TwoHopStress, sweeps: Int, distance: Double,
        lowers: ([Double]) throws -> Bool, random: inout LCG, check: (Int) throws -> Void, as _: Vector.Type
    ) throws -> [Double]? where Vector.Scalar == Double {
        let d = Vector.scalarCount
        var points = (0..<model.nodeCount).map { i in
            var point = Vector()
            for axis in 0..<d { point[axis] = coordinates[i * d + axis] }
            return point
        }
        func scaled() -> [Double] { points.flatMap { point in (0..<d).map { point[$0] * distance } } }
        StressMajorization.fit(&points, model: model, jitter: 1e-3, random: &random)
        let probe = min(sweeps, probeSweeps)
        let first = try StressMajorization.run(&points, model: model, iterations: probe, tolerance: 1e-4, check: check)
        guard sweeps > probe, !first.converged else { return scaled() }
        guard try lowers(scaled()) else { return nil }
        _ = try StressMajorization.run(&points, model: model, iterations: sweeps - probe, tolerance: 1e-4, check: check)
        return scaled()
    }
}
