import D3Random
import GraphModel

/// The multilevel layout's last pass on graphs above `MultilevelOptions.descentNodeLimit` nodes, where a descent over
/// every pair costs too much: `fl.layout.stress`'s gradient descent over the sparse model (graph neighbours and
/// pivots drawn as s_gd2 draws them; Zheng et al.'s schedule), started from the multilevel layout instead of PivotMDS.
/// On a random graph, whose pairs are all a few hops apart, the forces leave the far pairs where a link + many-body
/// equilibrium puts them, not at their distances, and the pivot terms take them there; kept as `CheckedStage` keeps a
/// stage.
enum SparseStressDescent {
    /// `coordinates` (layout units, `dimensions` per node) after the gradient descent over `level`'s sparse stress
    /// model with `pivots` pivots (`distance` layout units per hop), kept as `CheckedStage` keeps a stage; and whether
    /// it was kept. `check` runs before each pivot's row, for each node in each pass over the model and its terms,
    /// every `StressGradientDescent.checkInterval` moves and for each compared source, and may throw to stop.
    static func descended(
        _ coordinates: [Double], level: LevelGraph, dimensions d: Int, pivots: Int, distance: Double, random: inout LCG,
        check: (Int) throws -> Void
    ) throws -> (coordinates: [Double], kept: Bool) {
        let n = level.nodeCount
        guard pivots > 0 else { return (coordinates, false) }
        return try CheckedStage.run(
            coordinates, level: level, dimensions: d,
            memory: memoryNeeded(nodeCount: n, edgeCount: level.edges.count, dimensions: d, pivots: pivots),
            purpose: "the multilevel layout's sparse stress descent (\(n) nodes × \(min(pivots, n)) pivots)",
            random: &random, check: check
        ) { start, random in
            let paths = start.paths
            let comparison = try start.measured(random: &random, check: check)
            var options = stressOptions(dimensions: d, pivots: pivots, distance: distance)
            options.seed = random.next(below: Int(UInt32.max))
            return (try StressLayout.positions(paths: paths, options: options, from: coordinates, check: check).coordinates, comparison)
        }
    }

    /// The stress layout's options for the descent: `fl.layout.stress`'s own (its schedule) with the multilevel
    /// layout's dimensions, pivots and scale, always the sparse model and the gradient descent.
    private static func stressOptions(dimensions: Int, pivots: Int, distance: Double) -> StressOptions {
        var options = StressOptions()
        options.dimensions = dimensions
        options.pivots = pivots
        options.scale = distance
        options.exactNodeLimit = 0
        options.solver = .sgd
        return options
    }

    /// The bytes the stress layout asks for (the pivot rows and weights, the terms, the points), as
    /// `StressLayout.memoryNeeded` counts them for the sparse model of `nodeCount` nodes and `edgeCount` edges.
    static func memoryNeeded(nodeCount n: Int, edgeCount m: Int, dimensions: Int, pivots: Int) -> Int {
        let (adjacency, overflow) = m.multipliedReportingOverflow(by: 2)
        guard !overflow else { return Int.max }
        return StressLayout.memoryNeeded(nodeCount: n, adjacency: adjacency, sparse: true, pivots: pivots,
                                         dimensions: dimensions, solver: .sgd)
    }
}
