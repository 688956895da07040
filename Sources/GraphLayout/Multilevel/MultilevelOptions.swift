import ForceSimulation

/// How the coarsest level of a multilevel layout is laid out.
public enum CoarsestLayout: String, Sendable, CaseIterable {
    /// Stress majorization (`fl.layout.stress`'s, from PivotMDS), which keeps long paths straight and untwisted.
    case stress
    /// The force engine in fast mode from seeded random positions, as every finer level is refined.
    case forces
}

/// The settings of a multilevel layout; docs/lua-api.md describes each for users.
public struct MultilevelOptions: Sendable {
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
    /// Seeds the coarsening order, the coarsest level's start and each level's jitter.
    public var seed = 1

    /// Options with every default.
    public init() {}

    /// The accepted dimensions.
    public static let dimensionRange = 2...3
    /// The accepted coarsest sizes.
    public static let coarsestSizeRange = 2...1_000_000
    /// The accepted shrink fractions.
    public static let minShrinkRange = 0.1...0.99
    /// The accepted tick counts.
    public static let tickRange = 0...1_000_000
    /// The accepted refinement alphas.
    public static let refineAlphaRange = 0.001...1.0
    /// The accepted rest lengths.
    public static let distanceRange = 1e-9...1e9
    /// The accepted many-body strengths (repulsive).
    public static let chargeRange = -1e9...(-1e-9)
    /// The accepted polish sweeps.
    public static let polishSweepsRange = 0...100_000
    /// The accepted polish pivot counts.
    public static let polishPivotsRange = 1...1_000
    /// The accepted seeds (d3's 32-bit random source).
    public static let seedRange = 0...Int(UInt32.max)

    /// Throws for the first option out of its range, naming it.
    public func check() throws {
        try StressOptions.require("dimensions", dimensions, in: Self.dimensionRange)
        try StressOptions.require("coarsestSize", coarsestSize, in: Self.coarsestSizeRange)
        try StressOptions.require("minShrink", minShrink, in: Self.minShrinkRange)
        try StressOptions.require("coarsestTicks", coarsestTicks, in: Self.tickRange)
        try StressOptions.require("finestTicks", finestTicks, in: Self.tickRange)
        try StressOptions.require("refineAlpha", refineAlpha, in: Self.refineAlphaRange)
        try StressOptions.require("distance", distance, in: Self.distanceRange)
        try StressOptions.require("charge", charge, in: Self.chargeRange)
        try StressOptions.require("polishSweeps", polishSweeps, in: Self.polishSweepsRange)
        try StressOptions.require("polishPivots", polishPivots, in: Self.polishPivotsRange)
        try StressOptions.require("seed", seed, in: Self.seedRange)
    }
}
