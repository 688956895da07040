import CLuaShim
import ForceSimulation
import GraphModel

/// Turning force specs into engine forces whose per-element parameters call back into Lua or read data fields.
extension LuaSimulation {
    /// The engine force for a spec, bound to this simulation's graph.
    func makeForce(_ spec: ForceSpec) throws -> any Force {
        let p = spec.parameters
        switch spec.kind {
        case .center:
            return CenterForce(
                x: spec.number("x", 0), y: spec.number("y", 0), z: spec.number("z", 0), strength: spec.number("strength", 1))
        case .manyBody:
            return ManyBodyForce(
                strength: nodeParameter(p["strength"], "strength", -30), theta: spec.number("theta", 0.9),
                distanceMin: spec.number("distanceMin", 1), distanceMax: spec.number("distanceMax", .infinity))
        case .link:
            return GraphLinkForce(simulation: self, spec: spec)
        case .collide:
            return CollideForce(
                radius: nodeParameter(p["radius"], "radius", 1), strength: spec.number("strength", 1),
                iterations: Int(spec.number("iterations", 1)))
        case .x, .y, .z:
            let axis: PositionForce.Axis = spec.kind == .x ? .x : spec.kind == .y ? .y : .z
            return PositionForce(
                axis: axis, target: nodeParameter(p[spec.kind.rawValue], spec.kind.rawValue, 0),
                strength: nodeParameter(p["strength"], "strength", 0.1))
        case .radial:
            return RadialForce(
                radius: nodeParameter(p["radius"], "radius", 0), x: spec.number("x", 0), y: spec.number("y", 0),
                z: spec.number("z", 0), strength: nodeParameter(p["strength"], "strength", 0.1))
        }
    }

    /// A per-node engine parameter: constant, a Lua function of (node, index), or a node data field.
    func nodeParameter(_ parameter: ForceSpec.Parameter?, _ name: String, _ fallback: Double) -> NodeParameter {
        switch parameter {
        case nil: return .constant(fallback)
        case .number(let value)?: return .constant(value)
        case .function(let reference)?:
            return .perNode { [unowned self] i in
                try callNumber(reference, name) {
                    ElementLua.push(activeState, graph, .node, nodeIds[i])
                    lua_pushinteger(activeState, lua_Integer(i))
                    return 2
                }
            }
        case .field(let field)?:
            return .perNode { [unowned self] i in
                guard let value = node(at: i)?.data[field]?.number else {
                    throw GraphError("\(name): node '\(nodeIds[i])' has no numeric data field '\(field)'")
                }
                return value
            }
        }
    }

    /// A per-link engine parameter over `edges` (the link order): constant, a Lua function of (edge, index), or an edge data field.
    func linkParameter(_ parameter: ForceSpec.Parameter, _ name: String, edges: [Edge]) -> LinkParameter {
        switch parameter {
        case .number(let value): return .constant(value)
        case .function(let reference):
            return .perLink { [unowned self] i in
                try callNumber(reference, name) {
                    ElementLua.push(activeState, graph, .edge, edges[i].id)
                    lua_pushinteger(activeState, lua_Integer(i))
                    return 2
                }
            }
        case .field(let field):
            return .perLink { i in
                guard let value = edges[i].data[field]?.number else {
                    throw GraphError("\(name): edge '\(edges[i].id)' has no numeric data field '\(field)'")
                }
                return value
            }
        }
    }

    /// Calls a Lua function that must return a number.
    private func callNumber(_ reference: Int32, _ name: String, _ pushArguments: () throws -> Int32) throws -> Double {
        let L = activeState
        try LuaCallback.call(L, reference, results: 1, pushArguments)
        defer { fl_pop(L, 1) }
        guard let value = LuaValues.number(L, -1) else {
            throw LuaError("\(name) function returned \(LuaValues.typeName(L, -1)), a number expected")
        }
        return value
    }
}

/// d3's link force over the graph's current edges: rebuilt from them each time the force is initialised.
final class GraphLinkForce: Force {
    private unowned let simulation: LuaSimulation
    let spec: ForceSpec
    private var inner: LinkForce?

    init(simulation: LuaSimulation, spec: ForceSpec) {
        self.simulation = simulation
        self.spec = spec
    }

    /// Resolves the graph's edges to node indices and initialises d3's link force over them.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let edges = simulation.graph.graph.edges
        var index: [String: Int] = [:]
        for (i, id) in simulation.nodeIds.enumerated() { index[id] = i }
        var pairs: [(source: Int, target: Int)] = []
        pairs.reserveCapacity(edges.count)
        for edge in edges {
            guard let source = index[edge.source] else { throw SimulationError.nodeNotFound(edge.source) }
            guard let target = index[edge.target] else { throw SimulationError.nodeNotFound(edge.target) }
            pairs.append((source, target))
        }
        let force = LinkForce(
            links: pairs,
            distance: spec.parameters["distance"].map { simulation.linkParameter($0, "distance", edges: edges) } ?? 30,
            strength: spec.parameters["strength"].map { simulation.linkParameter($0, "strength", edges: edges) },
            iterations: Int(spec.number("iterations", 1)))
        try force.initialize(kinetics: kinetics, random: random)
        inner = force
    }

    /// Applies d3's link force.
    func apply(alpha: Double) throws {
        try inner?.apply(alpha: alpha)
    }
}
