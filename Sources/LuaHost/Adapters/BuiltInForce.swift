import ForceSimulation
import GraphLayout

/// d3's built-in forces as Lua offers them: for each, its options (name, what they accept, default taken from the
/// engine's own force, a line of doc) and how the engine force is made from the values given. Checks, accessors,
/// `tostring` and the docs' tables all come from here.
enum BuiltInForce: String, CaseIterable {
    case center, manyBody, link, collide, x, y, z, radial

    /// The declaration of the force's options, in the order d3's constructor takes them.
    var table: LuaOptionTable { BuiltInForce.tables[self]! }

    /// Every force's declaration, made once.
    private static let tables = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declaration()) })

    /// Declares the options; defaults are read from the engine's own force.
    private func declaration() -> LuaOptionTable {
        let nonNegative = 0...Double.greatestFiniteMagnitude
        let declared: [LuaOption]
        switch self {
        case .center:
            let force = CenterForce()
            declared = [
                .number("x", default: force.x, "centre x"),
                .number("y", default: force.y, "centre y"),
                .number("z", default: force.z, "centre z (3D)"),
                .number("strength", default: force.strength, "share of the offset removed each tick"),
            ]
        case .manyBody:
            let force = ManyBodyForce()
            declared = [
                LuaOption("strength", .nodeAccessor, default: force.strength.defaultValue, "charge (negative repels)"),
                .number("theta", default: force.theta, in: nonNegative, "Barnes-Hut accuracy: a cell acts as one body when width / distance < theta (fast mode's 2D multipoles take it as their opening, up to 0.9: smaller is more accurate and slower, larger reads as 0.9)"),
                .number("distanceMin", default: force.distanceMin, in: nonNegative, "distances below it count as it"),
                .number("distanceMax", default: force.distanceMax, in: 0...Double.infinity, "nodes farther apart do not interact"),
            ]
        case .link:
            let force = LinkForce(links: [])
            declared = [
                LuaOption("distance", .edgeAccessor, default: force.distance.defaultValue, "rest length of each link"),
                LuaOption("strength", .edgeAccessor, default: .described("1 / min(degree(source), degree(target))"), "stiffness of each link"),
                .integer("iterations", default: force.iterations, in: 0...1000, "passes over the links per tick"),
                LuaOption("edges", .custom("`function(edge)`, boolean edge data field name or `{edge id, ...}`"), default: .described("every edge"), "the edges linked: those the function returns true for or whose field is true (in edge order), or those listed (in that order)"),
                LuaOption("id", .function("function(node, i, nodes)"), default: .described("the node's id"), "d3's id accessor: edge ends are matched against what it returns for each node"),
            ]
        case .collide:
            let force = CollideForce()
            declared = [
                LuaOption("radius", .nodeAccessor, default: force.radius.defaultValue, "each node's radius"),
                .number("strength", default: force.strength, "share of an overlap resolved each pass"),
                .integer("iterations", default: force.iterations, in: 0...1000, "passes per tick"),
            ]
        case .x, .y, .z:
            let force = PositionForce(axis: .x)
            declared = [
                LuaOption(rawValue, .nodeAccessor, default: force.target.defaultValue, "each node's target \(rawValue) (NaN: no pull)"),
                LuaOption("strength", .nodeAccessor, default: force.strength.defaultValue, "share of the distance closed per tick, times alpha"),
            ]
        case .radial:
            let force = RadialForce(radius: 0)
            declared = [
                LuaOption("radius", .nodeAccessor, default: force.radius.defaultValue, "each node's target distance from the centre"),
                .number("x", default: force.x, "centre x"),
                .number("y", default: force.y, "centre y"),
                .number("z", default: force.z, "centre z (3D)"),
                LuaOption("strength", .nodeAccessor, default: force.strength.defaultValue, "share of the distance closed per tick, times alpha"),
            ]
        }
        return LuaOptionTable("fl.force." + rawValue, declared)
    }

    /// One line of doc, as the API description gives it.
    var doc: String {
        switch self {
        case .center: "moves positions so their mean is the centre"
        case .manyBody: "Barnes-Hut charge between all nodes"
        case .link: "a spring along each of the graph's edges (or the chosen ones)"
        case .collide: "keeps nodes' circles apart"
        case .x: "pulls nodes towards a target x"
        case .y: "pulls nodes towards a target y"
        case .z: "pulls nodes towards a target z (3D)"
        case .radial: "pulls nodes towards a circle (a sphere in 3D) around a centre"
        }
    }

    /// Whether a per-node constant of option `name` may be any number (a position force's target: NaN means no
    /// pull); other numbers must be finite.
    func acceptsAnyNumber(_ name: String) -> Bool {
        [.x, .y, .z].contains(self) && name == rawValue
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
    func option(_ name: String) -> LuaOption? {
        table.option(name)
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
                strength: values.element("strength", per: .edge), iterations: Int(values.number("iterations")),
                edges: values.edgeSelection("edges"), nodeKey: values.nodeKey("id"))
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
    /// The engine's default as an option default: its value when it is one constant (engine defaults are).
    var defaultValue: LuaOption.Default {
        if case .constant(let value) = self { return .number(value) }
        return .described("computed per element")
    }
}

extension LuaOption {
    /// Whether the option may vary per node or link.
    var perElement: Bool {
        switch value {
        case .nodeAccessor, .edgeAccessor: true
        default: false
        }
    }

    /// The numeric default, nil when there is none or it is computed.
    var numericDefault: Double? {
        if case .number(let value) = self.default { return value }
        return nil
    }
}
