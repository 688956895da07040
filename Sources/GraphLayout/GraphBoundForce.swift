import ForceSimulation

/// A force over a layout's graph that makes its engine force anew from the layout (its nodes, boxes and edges as
/// they are) at each initialisation and hands that force every tick: the flow forces' one forwarding.
public final class GraphBoundForce<Engine: PositionConstraint>: Force, PositionConstraint {
    private unowned let layout: GraphLayout
    private let makeEngine: (GraphLayout) throws -> Engine
    /// The engine force as of the last initialisation.
    public private(set) var engine: Engine?

    /// A force over `layout` whose engine force `makeEngine` makes from it; add it with `layout.setForce`.
    public init(layout: GraphLayout, makeEngine: @escaping (GraphLayout) throws -> Engine) {
        self.layout = layout
        self.makeEngine = makeEngine
    }

    /// Makes the engine force from the layout as it is and binds it.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let force = try makeEngine(layout)
        try force.initialize(kinetics: kinetics, random: random)
        engine = force
    }

    /// The engine force's (true before the first initialisation: the flow forces change only velocities).
    public var changesOnlyVelocities: Bool { engine?.changesOnlyVelocities ?? true }

    /// The engine force's tick.
    public func apply(alpha: Double) throws {
        try engine?.apply(alpha: alpha)
    }

    /// The engine force's projection of positions onto its rule.
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        try engine?.project(thorough: thorough, shouldStop: shouldStop) ?? false
    }
}
