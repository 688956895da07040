import ForceSimulation
import GraphModel

/// The flow force over a layout's graph edges (every edge but self-loops, in edge order), with the layout's boxes.
public final class GraphFlowForce: Force, PositionConstraint {
    private unowned let layout: GraphLayout
    /// The direction flows run in (need not be a unit vector).
    public let direction: SIMD3<Double>
    /// The least gap between an edge's ends along the direction, and the share of a shortfall closed per tick.
    public let separation: Double, strength: Double
    /// The engine force as of the last initialisation.
    public private(set) var flow: FlowForce?

    /// A flow force over `layout`'s edges; add it with `layout.setForce`.
    public init(
        layout: GraphLayout, direction: SIMD3<Double>, separation: Double = FlowForce.defaultSeparation,
        strength: Double = FlowForce.defaultStrength
    ) {
        self.layout = layout
        self.direction = direction
        self.separation = separation
        self.strength = strength
    }

    /// Resolves the edges to node indices and binds the engine force.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        var links: [(source: Int, target: Int)] = []
        for edge in layout.graph.edges where edge.source != edge.target {
            guard let source = layout.index(of: edge.source), let target = layout.index(of: edge.target) else { continue }
            links.append((source, target))
        }
        let force = try FlowForce(
            links: links, boxes: try layout.nodeBoxes(), direction: direction, separation: separation, strength: strength)
        try force.initialize(kinetics: kinetics, random: random)
        flow = force
    }

    /// It changes only velocities.
    public var changesOnlyVelocities: Bool { true }

    /// Pushes edges' ends apart along the direction where they are too close.
    public func apply(alpha: Double) throws {
        try flow?.apply(alpha: alpha)
    }

    /// Moves positions until every edge that closes no cycle runs the flow's way.
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        try flow?.project(thorough: thorough, shouldStop: shouldStop) ?? false
    }
}
