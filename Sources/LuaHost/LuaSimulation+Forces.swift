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
    private func callNumber(_ reference: LuaReference, _ name: String, _ pushArguments: () throws -> Int32) throws -> Double {
        let L = activeState
        busy = true
        defer { busy = false }
        try reference.call(L, results: 1, pushArguments)
        defer { fl_pop(L, 1) }
        guard let value = LuaValues.number(L, -1) else {
            throw LuaError("\(name) function returned \(LuaValues.typeName(L, -1)), a number expected")
        }
        return value
    }
}
