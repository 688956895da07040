import D3Random
import ForceSimulation

/// How the coarsest level of a multilevel layout is laid out.
public enum CoarsestLayout: String, Sendable, CaseIterable {
    /// Stress majorization (`fl.layout.stress`'s, from PivotMDS), which keeps long paths straight and untwisted.
    case stress
    /// The force engine in fast mode from seeded random positions, as every finer level is refined.
    case forces
}

/// The settings of a multilevel layout; docs/lua-api.md describes each for users.
public struct MultilevelOptions: Sendable, RangedSettings {
    /// 2 or 3.
    public var dimensions = 2
    /// How nodes are grouped level by level.
    public var coarsening = Coarsening.matching
    /// How the coarsest level is laid out.
    public var coarsestLayout = CoarsestLayout.stress
    /// Coarsening stops at a level of at most this many nodes.
    public var coarsestSize = 1000
    /// Coarsening stops when a level keeps more than this fraction of the nodes of the finer one.
    public var minShrink = 0.85
    /// Ticks of the forces on the coarsest level when it is laid out by them (from alpha 1).
    public var coarsestTicks = 300
    /// Ticks on the original graph; the levels between get geometrically interpolated counts.
    public var finestTicks = 60
    /// Alpha each finer level starts its refinement from.
    public var refineAlpha = 0.3
    /// The link force's rest length on every level (d3's default).
    public var distance = LinkForce.defaultDistance
    /// The many-body strength on every level (d3's default).
    public var charge = -30.0
    /// Sweeps of sparse stress majorization on the original graph after the last refinement (0: none).
    public var polishSweeps = 30
    /// Pivots of the polish's sparse stress model.
    public var polishPivots = 50
    /// Epochs of stochastic gradient descent over every pair of nodes after the polish (0: none).
    public var descentEpochs = 0
    /// The descent runs on graphs of at most this many nodes (each epoch costs a breadth-first search a node and
    /// a move a pair).
    public var descentNodeLimit = 10_000
    /// Steps of the neighbourhood stage after the descent (0: none; 2D only).
    public var neighbourhoodSteps = 0
    /// The neighbourhood stage's local term against its stress term.
    public var neighbourhoodWeight = 10.0
    /// The scale of the neighbourhood stage's local term, in hops.
    public var neighbourhoodLength = 0.3
    /// Pivots of the gradient descent over the sparse stress model (`fl.layout.stress`'s above its exact size) run
    /// after the polish on graphs above `descentNodeLimit` and up to `sparseDescentNodeLimit` nodes (0: none; opt-in,
    /// as the descent over every pair is, until it is measured on every graph of docs/scale.md).
    public var sparseDescentPivots = 0
    /// The sparse descent runs on graphs of at most this many nodes (its terms and pivot rows take about 28 bytes a
    /// node a pivot, several times what the rest of the layout holds).
    public var sparseDescentNodeLimit = 200_000
    /// Seeds the coarsening order, the coarsest level's start and each level's jitter.
    public var seed = Int(LCG.defaultSeed)

    /// Options with every default.
    public init() {}

    /// The range a numeric setting must lie in (seeds: d3's 32-bit random source); nil for one that is no number.
    public static func range(of setting: PartialKeyPath<MultilevelOptions>) -> ClosedRange<Double>? {
        switch setting {
        case \.dimensions: 2...3
        case \.coarsestSize: 2...1_000_000
        case \.minShrink: 0.1...0.99
        case \.coarsestTicks, \.finestTicks: 0...1_000_000
        case \.refineAlpha: 0.001...1.0
        case \.distance: 1e-9...1e9
        case \.charge: -1e9...(-1e-9)
        case \.polishSweeps: 0...100_000
        case \.polishPivots: 1...1_000
        case \.descentEpochs: 0...100_000
        case \.descentNodeLimit: 0...1_000_000
        case \.neighbourhoodSteps: 0...100_000
        case \.neighbourhoodWeight: 1e-6...1e6
        case \.neighbourhoodLength: 1e-3...10
        case \.sparseDescentPivots: 0...Double(StressOptions.pivotRange.upperBound)
        case \.sparseDescentNodeLimit: 0...Double(Int32.max)
        case \.seed: 0...Double(UInt32.max)
        default: nil
        }
    }

    /// The numeric settings, as `check` names them.
    public static let numbers: [(name: String, setting: PartialKeyPath<MultilevelOptions> & Sendable)] = [
        ("dimensions", \.dimensions), ("coarsestSize", \.coarsestSize), ("minShrink", \.minShrink),
        ("coarsestTicks", \.coarsestTicks), ("finestTicks", \.finestTicks), ("refineAlpha", \.refineAlpha),
        ("distance", \.distance), ("charge", \.charge), ("polishSweeps", \.polishSweeps), ("polishPivots", \.polishPivots),
        ("descentEpochs", \.descentEpochs), ("descentNodeLimit", \.descentNodeLimit),
        ("neighbourhoodSteps", \.neighbourhoodSteps), ("neighbourhoodWeight", \.neighbourhoodWeight),
        ("neighbourhoodLength", \.neighbourhoodLength),
        ("sparseDescentPivots", \.sparseDescentPivots), ("sparseDescentNodeLimit", \.sparseDescentNodeLimit), ("seed", \.seed),
    ]

    /// Throws for the first option out of its range, naming it, and for the neighbourhood stage asked of a 3D layout.
    public func check() throws {
        try checkRanges()
        if neighbourhoodSteps > 0, dimensions != 2 {
            throw LayoutOptionError(option: "neighbourhoodSteps", problem: "the neighbourhood stage lays out 2D layouts only (neighbourhood preservation is measured in 2D), got dimensions \(dimensions)")
        }
    }
}
