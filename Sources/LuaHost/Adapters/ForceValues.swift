import CLuaShim
import ForceSimulation
import GraphLayout

/// The values of a built-in force's options as its engine force takes them: given ones resolved against the
/// simulation's graph (data fields, Lua functions called with element references), the others from the defaults.
struct ForceValues {
    let description: ForceDescription
    let simulation: SimulationHandle

    /// Which elements a per-element value ranges over.
    enum Element { case node, edge }

    /// A plain number option.
    func number(_ name: String) -> Double {
        if case .number(let value)? = description.given[name] { return value }
        return description.kind.option(name)?.numericDefault ?? .nan
    }

    /// A per-node option as the engine's parameter.
    func node(_ name: String) -> NodeParameter {
        guard let value = element(name, per: .node) else { return .constant(number(name)) }
        return simulation.layout.nodeParameter(value, name: name)
    }

    /// A per-element option as the layout takes it; nil when it was not given (the engine's default applies).
    func element(_ name: String, per element: Element) -> ElementValue? {
        switch description.given[name] {
        case nil: return nil
        case .number(let value)?: return .number(value)
        case .field(let field)?: return .field(field)
        case .function(let function)?:
            return .computed { [unowned simulation] id, i in
                try simulation.callNumber(function, name) { L in
                    ElementBindings.push(L, simulation.graph, element == .node ? .node : .edge, id)
                    lua_pushinteger(L, lua_Integer(i))
                    return 2
                }
            }
        }
    }
}
