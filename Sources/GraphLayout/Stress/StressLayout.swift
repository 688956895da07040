import D3Random
import GraphModel

/// Stress majorization (SMACOF with weights 1/d², the layout Graphviz's neato computes): node distances in the
/// layout approach the graph's shortest-path distances.
public enum StressLayout {
    /// Lays `graph` out and writes every node's position (a child's relative to its parent); fixed coordinates
    /// (fx, fy, fz) are not consulted. `check` runs before each row of the all-pairs distances and of the pivots'
    /// distances, for each node in each pass of the sparse model's weights and of the PivotMDS start, and after each
    /// sweep of the majorization, with the work done, and may throw to stop (an interrupt or a limit); the graph is
    /// then left as it was. Its large arrays are checked against the room the process has before they are made
    /// (`MemoryRequest`), the shortest-path adjacency with them: a layout that would not fit throws a
    /// `MemoryRequest.Refusal` before anything is built.
    public static func apply(
        to graph: Graph, options: StressOptions = StressOptions(), check: (Int) throws -> Void = { _ in }
    ) throws -> StressOutcome {
        try options.check()
        let layout = memoryRequest(nodeCount: graph.nodeCount, adjacency: 2 * graph.edgeCount, options: options)
        let adjacency = ShortestPaths.memoryNeeded(nodeCount: graph.nodeCount, edgeCount: graph.edgeCount,
                                                   weighted: options.weight != nil)
        let (bytes, overflow) = layout.bytes.addingReportingOverflow(adjacency)
        try MemoryRequest.check(overflow ? Int.max : bytes, for: layout.purpose)
        let paths = try graph.shortestPaths(weight: options.weight)
        let (coordinates, outcome) = try positions(paths: paths, options: options, check: check)
        try graph.writeLayout(coordinates, dimensions: options.dimensions)
        return outcome
    }

    /// Positions for the nodes of `paths`, `options.dimensions` coordinates per node, centred on the origin, in
    /// layout units (`options.scale` per unit of graph distance); the options must have passed `check()`. The
    /// minimisation starts from `start` (layout units, `options.dimensions` per node) when given, from PivotMDS when
    /// nil.
    static func positions(paths: ShortestPaths, options: StressOptions, from start: [Double]? = nil,
                          check: (Int) throws -> Void) throws -> (coordinates: [Double], outcome: StressOutcome) {
        options.dimensions == 3
            ? try solve(paths: paths, options: options, from: start, check: check, as: SIMD3<Double>.self)
            : try solve(paths: paths, options: options, from: start, check: check, as: SIMD2<Double>.self)
    }

    /// The layout in `Vector`'s dimensions.
    private static func solve<Vector: SIMD>(
        paths: ShortestPaths, options: StressOptions, from start: [Double]?, check: (Int) throws -> Void, as _: Vector.Type
    ) throws -> (coordinates: [Double], outcome: StressOutcome) where Vector.Scalar == Double {
        let n = paths.nodeCount
        let sparse = n > options.exactNodeLimit
        let k = min(options.pivotCount(nodeCount: n), n), solver = options.solverUsed(nodeCount: n)
        let request = memoryRequest(nodeCount: n, adjacency: paths.neighbours.count, options: options)
        try MemoryRequest.check(request.bytes, for: request.purpose)
        var random = LCG(seed: UInt32(options.seed))
        let first = n > 0 ? random.next(below: n) : 0
        var points: [Vector]
        let result: (iterations: Int, converged: Bool)
        if sparse {
            let pivots = try Pivots(count: k, nodeCount: n, first: first, gap: meanEdgeLength(paths), choice: .sampled,
                                    random: &random, check: check) { paths.distances(from: $0) }
            let model = try SparseStress(paths: paths, pivots: pivots, check: check)
            if let start {
                points = Self.points(of: start, scale: options.scale)
            } else {
                points = try PivotMDS.positions(pivots: pivots, nodeCount: n, random: &random, check: check)
            }
            result = try majorize(&points, model: model, paths: paths, options: options, solver: solver, random: &random, check: check)
        } else {
            let model = try AllPairsStress(paths: paths, check: check)
            if let start {
                points = Self.points(of: start, scale: options.scale)
            } else {
                let pivots = try Pivots(count: k, nodeCount: n, first: first, gap: 0, choice: .farthest, random: &random,
                                        check: check) { Array(model.row($0)) }
                points = try PivotMDS.positions(pivots: pivots, nodeCount: n, random: &random, check: check)
            }
            result = try majorize(&points, model: model, paths: paths, options: options, solver: solver, random: &random, check: check)
        }
        let centre = points.reduce(Vector(), +) / Double(max(n, 1))
        let coordinates = points.flatMap { point in
            (0..<Vector.scalarCount).map { (point[$0] - centre[$0]) * options.scale }
        }
        return (coordinates, StressOutcome(iterations: result.iterations, converged: result.converged, sparse: sparse))
    }

    /// The bytes a layout of `n` nodes with `adjacency` neighbour entries (at most twice the edges) asks the limits
    /// for, and what they are for (the refusal's words).
    static func memoryRequest(nodeCount n: Int, adjacency: Int, options: StressOptions) -> (bytes: Int, purpose: String) {
        let sparse = n > options.exactNodeLimit, k = min(options.pivotCount(nodeCount: n), n)
        return (memoryNeeded(nodeCount: n, adjacency: adjacency, sparse: sparse, pivots: k, dimensions: options.dimensions,
                             solver: options.solverUsed(nodeCount: n)),
                sparse ? "the stress layout's pivot rows (\(n) nodes × \(k) pivots)"
                    : "the stress layout's all-pairs distances (\(n) × \(n) nodes)")
    }

    /// `coordinates` (layout units, `Vector`'s dimensions per node) as points in graph units.
    private static func points<Vector: SIMD>(of coordinates: [Double], scale: Double) -> [Vector] where Vector.Scalar == Double {
        (0..<coordinates.count / Vector.scalarCount).map { i in
            var point = Vector()
            for axis in 0..<Vector.scalarCount { point[axis] = coordinates[i * Vector.scalarCount + axis] / scale }
            return point
        }
    }

    /// The bytes the layout's large arrays take at once: the model (the all-pairs matrix, or the pivots' distances
    /// and counts), then the larger of the PivotMDS start's (a centred copy of the pivots' distances, its per-node
    /// means and the k × k product; in the exact model the pivots' distances too) and the gradient descent's list of
    /// terms (a node's neighbours and pivots, or every other node; `adjacency` is the number of neighbour entries,
    /// twice the edges), and the positions; a size that overflows is `Int.max`. Measured (docs/scale.md section 8):
    /// a binary tree of 100,000 nodes grew 99% of this above the resident size at the check.
    static func memoryNeeded(nodeCount n: Int, adjacency: Int, sparse: Bool, pivots: Int, dimensions: Int,
                             solver: StressSolver) -> Int {
        let k = min(max(pivots, 0), n), double = MemoryLayout<Double>.stride
        func product(_ factors: Int...) -> Int {
            factors.reduce(1) { total, factor in
                let (result, overflow) = total.multipliedReportingOverflow(by: factor)
                return overflow ? Int.max : result
            }
        }
        func sum(_ terms: Int...) -> Int {
            terms.reduce(0) { total, term in
                let (result, overflow) = total.addingReportingOverflow(term)
                return overflow ? Int.max : result
            }
        }
        let model = sparse ? product(n, k, double + MemoryLayout<UInt32>.stride) : product(n, n, double)
        let start = sum(product(sparse ? 1 : 2, n, k, double), product(n, double), product(k, k, double))
        let terms = sparse ? sum(product(n, k), adjacency) : product(n, n - 1)
        let descent = solver == .sgd ? StressGradientDescent.memoryNeeded(terms: terms) : 0
        return sum(model, max(start, descent), product(n, 3 * dimensions, double))
    }

    /// Fits the start to the model and runs the majorization.
    private static func majorize<Vector: SIMD, Model: StressModel>(
        _ points: inout [Vector], model: Model, paths: ShortestPaths, options: StressOptions, solver: StressSolver,
        random: inout LCG, check: (Int) throws -> Void
    ) throws -> (iterations: Int, converged: Bool) where Vector.Scalar == Double {
        StressMajorization.fit(&points, model: model, jitter: 1e-3 * meanEdgeLength(paths), random: &random)
        switch solver {
        case .majorization:
            return try StressMajorization.run(
                &points, model: model, iterations: options.iterations, tolerance: options.tolerance, check: check)
        case .sgd:
            guard options.iterations > 0 else { return (0, false) } // 0 keeps the start, as for the majorization
            return (try StressGradientDescent.run(&points, model: model, random: &random, check: check), false)
        }
    }
}
