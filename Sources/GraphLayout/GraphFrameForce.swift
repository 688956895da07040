import ForceSimulation
import GraphModel

/// The frames force over a layout's nodes: each parent in the graph holds its children, and the sizes frames grow
/// to are written back to the graph's nodes with the positions.
public final class GraphFrameForce: Force, PositionConstraint {
    private unowned let layout: GraphLayout
    /// The room between a frame's side and its children, the extra room at its top, the pull to its middle, and
    /// whether it may become smaller than its size in the graph.
    public let padding: Double, labelRoom: Double, strength: Double, shrinks: Bool
    /// The engine force as of the last initialisation.
    public private(set) var frames: FrameForce?

    /// A frames force over `layout`'s nodes; add it with `layout.setForce`.
    public init(
        layout: GraphLayout, padding: Double = FrameForce.defaultPadding, labelRoom: Double = FrameForce.defaultLabelRoom,
        strength: Double = FrameForce.defaultStrength, shrinks: Bool = false
    ) {
        self.layout = layout
        self.padding = padding
        self.labelRoom = labelRoom
        self.strength = strength
        self.shrinks = shrinks
    }

    /// Binds the engine force to the layout's boxes.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let force = FrameForce(
            boxes: try layout.nodeBoxes(), padding: padding, labelRoom: labelRoom, strength: strength, shrinks: shrinks)
        try force.initialize(kinetics: kinetics, random: random)
        frames = force
    }

    /// It changes only velocities during the tick.
    public var changesOnlyVelocities: Bool { true }

    /// Pulls children towards their frames' middles.
    public func apply(alpha: Double) throws {
        try frames?.apply(alpha: alpha)
    }

    /// Fits the frames around their children.
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        try frames?.project(thorough: thorough, shouldStop: shouldStop) ?? false
    }
}
