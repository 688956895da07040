import ForceSimulation
import GraphLayout

/// d3's built-in forces as Lua offers them: for each, its options (name, what they accept, default taken from the
/// engine's own force, a line of doc) and how the engine force is made from the values given. Checks, accessors,
/// `tostring` and the docs' tables all come from here.
enum BuiltInForce: String, CaseIterable {
    case center, manyBody, link, collide, x, y, z, radial

    /// One option of a built-in force.
    struct Option {
        /// What an option accepts.
        enum Accepts {
            /// A number in the range.
            case number(ClosedRange<Double>)
            /// A whole number in the range.
            case integer(ClosedRange<Int>)
            /// A number per node: a constant (finite unless `anyNumber`: a position force's target may be anything,
            /// NaN meaning no pull), a function(node, i) or a node data field name.
            case perNode(anyNumber: Bool)
            /// A number per link: a finite constant, a function(edge, i) or an edge data field name.
            case perLink
        }

        let name: String
        let accepts: Accepts
        /// The default, from the engine's force; nil when the engine computes it (described in `doc`).
        let defaultValue: Double?
        /// One line of doc.
        let doc: String

        /// Whether the option may vary per node or link.
        var perElement: Bool {
            switch accepts {
            case .perNode, .perLink: true
            case .number, .integer: false
            }
        }
    }

    /// A line of doc for the force.
    var summary: String {
        switch self {
        case .center: "moves positions so their mean is the centre (ignores alpha)"
        case .manyBody: "Barnes-Hut charge between all nodes in d3's quadtree order"
        case .link: "springs along the graph's edges"
        case .collide: "keeps nodes' circles apart"
        case .x: "pulls nodes towards a target x"
        case .y: "pulls nodes towards a target y"
        case .z: "pulls nodes towards a target z (3D)"
        case .radial: "pulls nodes towards a circle (a sphere in 3D) around a centre"
        }
    }

    /// The options, in the order d3's constructor takes them (positional arguments follow this order).
    var options: [Option] {
        let finite = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        let nonNegative = 0...Double.greatestFiniteMagnitude
        switch self {
        case .center:
            let force = CenterForce()
            return [
                Option(name: "x", accepts: .number(finite), defaultValue: force.x, doc: "centre x"),
                Option(name: "y", accepts: .number(finite), defaultValue: force.y, doc: "centre y"),
                Option(name: "z", accepts: .number(finite), defaultValue: force.z, doc: "centre z (3D)"),
                Option(name: "strength", accepts: .number(finite), defaultValue: force.strength, doc: "share of the offset removed each tick"),
            ]
        case .manyBody:
            let force = ManyBodyForce()
            return [
                Option(name: "strength", accepts: .perNode(anyNumber: false), defaultValue: force.strength.constant, doc: "charge (negative repels)"),
                Option(name: "theta", accepts: .number(nonNegative), defaultValue: force.theta, doc: "Barnes-Hut accuracy: a cell acts as one body when width / distance < theta"),
                Option(name: "distanceMin", accepts: .number(nonNegative), defaultValue: force.distanceMin, doc: "distances below it count as it"),
                Option(name: "distanceMax", accepts: .number(0...Double.infinity), defaultValue: force.distanceMax, doc: "nodes farther apart do not interact"),
            ]
        case .link:
            let force = LinkForce(links: [])
            return [
                Option(name: "distance", accepts: .perLink, defaultValue: force.distance.constant, doc: "rest length of each link"),
                Option(name: "strength", accepts: .perLink, defaultValue: nil, doc: "stiffness of each link; default 1 / min(degree(source), degree(target))"),
                Option(name: "iterations", accepts: .integer(0...1000), defaultValue: Double(force.iterations), doc: "passes over the links per tick"),
            ]
        case .collide:
            let force = CollideForce()
            return [
                Option(name: "radius", accepts: .perNode(anyNumber: false), defaultValue: force.radius.constant, doc: "each node's radius"),
                Option(name: "strength", accepts: .number(finite), defaultValue: force.strength, doc: "share of an overlap resolved each pass"),
                Option(name: "iterations", accepts: .integer(0...1000), defaultValue: Double(force.iterations), doc: "passes per tick"),
            ]
        case .x, .y, .z:
            let force = PositionForce(axis: .x)
            return [
                Option(name: rawValue, accepts: .perNode(anyNumber: true), defaultValue: force.target.constant, doc: "each node's target \(rawValue)"),
                Option(name: "strength", accepts: .perNode(anyNumber: false), defaultValue: force.strength.constant, doc: "share of the distance closed per tick, times alpha"),
            ]
        case .radial:
            let force = RadialForce(radius: 0)
            return [
                Option(name: "radius", accepts: .perNode(anyNumber: false), defaultValue: force.radius.constant, doc: "each node's target distance from the centre"),
                Option(name: "x", accepts: .number(finite), defaultValue: force.x, doc: "centre x"),
                Option(name: "y", accepts: .number(finite), defaultValue: force.y, doc: "centre y"),
                Option(name: "z", accepts: .number(finite), defaultValue: force.z, doc: "centre z (3D)"),
                Option(name: "strength", accepts: .perNode(anyNumber: false), defaultValue: force.strength.constant, doc: "share of the distance closed per tick, times alpha"),
            ]
        }
    }

    /// The options d3's constructor takes as positional arguments, in order (`forceCenter(x, y, z)`,
    /// `forceCollide(radius)`, `forceX(x)`, `forceRadial(radius, x, y, z)`).
    var positional: [String] {
        switch self {
        case .center: ["x", "y", "z"]
        case .collide: ["radius"]
        case .x, .y, .z: [rawValue]
        case .radial: ["radius", "x", "y", "z"]
        case .manyBody, .link: []
        }
    }

    /// The option called `name`.
    func option(_ name: String) -> Option? {
        options.first { $0.name == name }
    }

    /// The engine force for the values given in `description`, bound to `simulation`'s graph.
    func make(_ description: ForceDescription, for simulation: SimulationHandle) throws -> any Force {
        let values = ForceValues(description: description, simulation: simulation)
        switch self {
        case .center:
            return CenterForce(x: values.number("x"), y: values.number("y"), z: values.number("z"), strength: values.number("strength"))
        case .manyBody:
            return ManyBodyForce(
                strength: values.node("strength"), theta: values.number("theta"), distanceMin: values.number("distanceMin"),
                distanceMax: values.number("distanceMax"))
        case .link:
            return GraphLinkForce(
                layout: simulation.layout, distance: values.element("distance", per: .edge),
                strength: values.element("strength", per: .edge), iterations: Int(values.number("iterations")))
        case .collide:
            return CollideForce(radius: values.node("radius"), strength: values.number("strength"), iterations: Int(values.number("iterations")))
        case .x, .y, .z:
            let axis: PositionForce.Axis = self == .x ? .x : self == .y ? .y : .z
            return PositionForce(axis: axis, target: values.node(rawValue), strength: values.node("strength"))
        case .radial:
            return RadialForce(
                radius: values.node("radius"), x: values.number("x"), y: values.number("y"), z: values.number("z"),
                strength: values.node("strength"))
        }
    }
}

extension ElementParameter {
    /// The value when it is one constant (engine defaults are).
    var constant: Double? {
        if case .constant(let value) = self { return value }
        return nil
    }
}
