import D3Random
import ForceSimulation
import Foundation

/// The settings of a stress layout; docs/lua-api.md describes each for users.
public struct StressOptions: Sendable, RangedSettings {
    /// The numeric edge data field that gives edge lengths; nil counts every edge as 1.
    public var weight: String? = nil
    /// 2 or 3.
    public var dimensions = 2
    /// The most majorization sweeps.
    public var iterations = 500
    /// Stop when a sweep lowers the stress by less than this fraction.
    public var tolerance = 1e-6
    /// Seeds the choice of the first pivot, the start's eigenvector search and the start's jitter.
    public var seed = Int(LCG.defaultSeed)
    /// Pivots for the PivotMDS start and, above `exactNodeLimit` nodes, for the sparse stress model; nil:
    /// `exactPivots` up to that size, `sparsePivots` above.
    public var pivots: Int? = nil
    /// Up to this many nodes every pair of nodes counts (memory grows as nodes²); above it, sparse stress.
    public var exactNodeLimit = 2000
    /// Layout units per unit of graph distance (d3's default link distance).
    public var scale = LinkForce.defaultDistance
    /// How the stress is minimised from the PivotMDS start; nil: majorization up to `exactNodeLimit` nodes, gradient
    /// descent above (measured in docs/scale.md section 8: it meets s_gd2's stress where the majorization does not).
    public var solver: StressSolver? = nil

    /// The pivots when none are given, up to the exact size (for the start only).
    public static let exactPivots = 100
    /// The pivots when none are given, above the exact size (docs/scale.md section 8: 100 pivots leave 1.25 times
    /// neato's crossings on the words graph, 200 with the gradient descent 1.02 times).
    public static let sparsePivots = 200

    /// The pivots a layout of `nodeCount` nodes uses.
    public func pivotCount(nodeCount: Int) -> Int {
        pivots ?? (nodeCount > exactNodeLimit ? Self.sparsePivots : Self.exactPivots)
    }

    /// The solver a layout of `nodeCount` nodes uses.
    public func solverUsed(nodeCount: Int) -> StressSolver {
        solver ?? (nodeCount > exactNodeLimit ? .sgd : .majorization)
    }

    /// Options with every default.
    public init() {}

    /// The accepted dimensions.
    public static let dimensionRange = 2...3
    /// The accepted sweep counts.
    public static let iterationRange = 0...10_000_000
    /// The accepted tolerances.
    public static let toleranceRange = 0.0...1.0
    /// The accepted seeds (d3's 32-bit random source).
    public static let seedRange = 0...Int(UInt32.max)
    /// The accepted pivot counts.
    public static let pivotRange = 2...10_000
    /// The accepted exact-size limits (memory grows as their square).
    public static let exactNodeLimitRange = 0...20_000
    /// The accepted scales.
    public static let scaleRange = 1e-9...1e9

    /// The range of a numeric setting, for readers that check settings by key path (the Lua options); nil for one
    /// that is no number.
    public static func range(of setting: PartialKeyPath<StressOptions>) -> ClosedRange<Double>? {
        func real(_ range: ClosedRange<Int>) -> ClosedRange<Double> { Double(range.lowerBound)...Double(range.upperBound) }
        switch setting {
        case \.dimensions: return real(dimensionRange)
        case \.iterations: return real(iterationRange)
        case \.tolerance: return toleranceRange
        case \.seed: return real(seedRange)
        case \.pivots: return real(pivotRange)
        case \.exactNodeLimit: return real(exactNodeLimitRange)
        case \.scale: return scaleRange
        default: return nil
        }
    }

    /// The numeric settings, as `checkRanges` names them.
    public static let numbers: [(name: String, setting: PartialKeyPath<StressOptions> & Sendable)] = [
        ("dimensions", \.dimensions), ("iterations", \.iterations), ("tolerance", \.tolerance), ("seed", \.seed),
        ("pivots", \.pivots), ("exactNodeLimit", \.exactNodeLimit), ("scale", \.scale),
    ]

    /// Throws for the first option out of its range, naming it.
    public func check() throws {
        try checkRanges()
        if let weight, weight.isEmpty { throw LayoutOptionError(option: "weight", problem: "a field name expected, got an empty string") }
    }
}

/// How a stress layout minimises its stress function.
public enum StressSolver: String, CaseIterable, Sendable {
    /// Majorization one node at a time (neato's), up to `iterations` sweeps or until `tolerance`.
    case majorization
    /// Stochastic gradient descent over the model's terms (Zheng et al.; 30 epochs, as s_gd2).
    case sgd
}
