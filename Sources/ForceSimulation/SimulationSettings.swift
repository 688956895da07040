import D3Random
import Foundation

/// A simulation's settings, with d3's defaults written here once and the ranges they must lie in: what
/// `Simulation(nodeCount:settings:)` and `GraphLayout(graph:settings:)` take, and what the Lua options of
/// `fl.simulation` are declared from (each by its key path).
public struct SimulationSettings: Sendable, Equatable {
    /// 2 or 3.
    public var dimensions = 2
    /// The seed of d3's random source.
    public var seed = LCG.defaultSeed
    /// Where nodes without a position start.
    public var placement = Placement.phyllotaxis
    /// d3's exact arithmetic or the fast mode.
    public var mode = SimulationMode.exact
    /// The starting alpha.
    public var alpha = 1.0
    /// `run` stops once alpha is below it.
    public var alphaMin = 0.001
    /// How fast alpha falls towards alphaTarget: 1 - 0.001^(1/300), 300 ticks.
    public var alphaDecay = 1 - pow(0.001, 1.0 / 300)
    /// The value alpha moves towards.
    public var alphaTarget = 0.0
    /// The share of velocity lost every tick.
    public var velocityDecay = 0.4
    /// The threads forces may use; nil: the cores this process may run on (`UsableCores`).
    public var threads: Int?

    /// Every setting at its default.
    public init() {}

    /// Every setting at its default, to read defaults from.
    public static let standard = SimulationSettings()

    /// Where alpha, alphaMin, alphaDecay, alphaTarget and velocityDecay must lie, as d3 documents them (outside it
    /// alpha turns negative or velocities grow each tick).
    public static let coolingRange: ClosedRange<Double> = 0...1

    /// The range a numeric setting must lie in; nil for a setting that is no number or takes any.
    public static func range(of setting: PartialKeyPath<SimulationSettings>) -> ClosedRange<Double>? {
        switch setting {
        case \.dimensions: 2...3
        case \.seed: 0...Double(UInt32.max)
        case \.alpha, \.alphaMin, \.alphaDecay, \.alphaTarget, \.velocityDecay: coolingRange
        case \.threads: 1...Double(Int.max)
        default: nil
        }
    }
}
