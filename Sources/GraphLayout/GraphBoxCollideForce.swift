import ForceSimulation
import GraphModel

/// The box collision force over a layout's nodes: their boxes from the graph's widths and heights (or the values
/// given), circles of `radius` for nodes without a size, all shared with the layout's other flow forces.
public final class GraphBoxCollideForce: Force, PositionConstraint {
    private unowned let layout: GraphLayout
    /// Each node's width and height instead of the graph's; nil keeps the graph's.
    public let width: ElementValue?, height: ElementValue?
    /// The radius of nodes without a size.
    public let radius: NodeParameter
    /// The least gap between outlines, the share of an overlap resolved per pass, and passes per tick.
    public let margin: Double, strength: Double, iterations: Int
    /// The engine force as of the last initialisation.
    public private(set) var collide: BoxCollideForce?

    /// A box collision force over `layout`'s nodes; add it with `layout.setForce`.
    public init(
        layout: GraphLayout, width: ElementValue? = nil, height: ElementValue? = nil, radius: NodeParameter = .constant(1),
        margin: Double = 0, strength: Double = 1, iterations: Int = 1
    ) {
        self.layout = layout
        self.width = width
        self.height = height
        self.radius = radius
        self.margin = margin
        self.strength = strength
        self.iterations = iterations
    }

    /// Evaluates the sizes given (as d3 evaluates radii) into the layout's boxes, and binds the engine force.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let boxes = try layout.nodeBoxes()
        let widths = width.map { layout.nodeParameter($0, name: "collide: width") }
        let heights = height.map { layout.nodeParameter($0, name: "collide: height") }
        for i in 0..<boxes.count {
            try boxes.setOutline(
                i, width: try widths?.value(i) ?? boxes.widths[i], height: try heights?.value(i) ?? boxes.heights[i],
                radius: try radius.value(i))
        }
        let force = BoxCollideForce(boxes: boxes, margin: margin, strength: strength, iterations: iterations)
        try force.initialize(kinetics: kinetics, random: random)
        collide = force
    }

    /// It changes only velocities during the tick.
    public var changesOnlyVelocities: Bool { true }

    /// d3's passes on velocities.
    public func apply(alpha: Double) throws {
        try collide?.apply(alpha: alpha)
    }

    /// Moves positions until no two outlines overlap.
    public func project(thorough: Bool, shouldStop: () -> Bool) throws -> Bool {
        try collide?.project(thorough: thorough, shouldStop: shouldStop) ?? false
    }
}
