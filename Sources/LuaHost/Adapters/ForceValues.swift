import CLuaShim
import ForceSimulation
import GraphLayout

/// The values of a built-in force's options as its engine force takes them: given ones resolved against the
/// simulation's graph (data fields, Lua functions called as d3 calls accessors), the others from the defaults.
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
        return simulation.layout.nodeParameter(value, name: label(name))
    }

    /// How errors name the option `name`: with the force's maker, since they may come at a later tick, far from the
    /// line that made the force (`fl.force.manyBody: strength`).
    func label(_ name: String) -> String {
        "fl.force.\(description.kind.rawValue): \(name)"
    }

    /// A per-element option as the layout takes it; nil when it was not given (the engine's default applies). A Lua
    /// function is called as d3 calls an accessor: `(element, i, elements)`, i 0-based, elements the array of all
    /// (one array per initialisation).
    func element(_ name: String, per element: Element) -> ElementValue? {
        switch description.given[name] {
        case nil, .ids?: return nil
        case .number(let value)?: return .number(value)
        case .field(let field)?: return .field(field)
        case .function(let function)?:
            let array = ElementArray(kind: element == .node ? .node : .edge, for: function)
            return .computed { [unowned simulation] id, i, list in
                try simulation.callNumber(function, label(name)) { L in
                    ElementBindings.push(L, simulation.graph, array.kind, id)
                    lua_pushinteger(L, lua_Integer(i))
                    array.push(L, list, simulation)
                    return 3
                }
            }
        }
    }

    /// The link force's `edges`: every edge, those a Lua function accepts, those whose boolean field is true, or a list.
    func edgeSelection(_ name: String) -> GraphLinkForce.EdgeSelection {
        switch description.given[name] {
        case nil, .number?: return .all
        case .field(let field)?: return .field(field)
        case .ids(let ids)?: return .ids(ids)
        case .function(let function)?:
            return .filter { [unowned simulation] id in
                let L = simulation.activeState
                try function.call(L, results: 1) {
                    ElementBindings.push(L, simulation.graph, .edge, id)
                    return 1
                }
                defer { fl_pop(L, 1) }
                guard lua_type(L, -1) == LUA_TBOOLEAN else {
                    throw LuaError("\(name) function returned \(LuaValues.typeName(L, -1)) for edge '\(id)', a boolean expected")
                }
                return lua_toboolean(L, -1) != 0
            }
        }
    }

    /// The link force's id accessor, called as d3 calls it with `(node, i, nodes)`; it must return a string or a
    /// number (made a string, as ids are).
    func nodeKey(_ name: String) -> ((String, Int, ElementList) throws -> String)? {
        guard case .function(let function)? = description.given[name] else { return nil }
        let array = ElementArray(kind: .node, for: function)
        return { [unowned simulation] id, i, list in
            let L = simulation.activeState
            try function.call(L, results: 1) {
                ElementBindings.push(L, simulation.graph, .node, id)
                lua_pushinteger(L, lua_Integer(i))
                array.push(L, list, simulation)
                return 3
            }
            defer { fl_pop(L, 1) }
            let type = lua_type(L, -1)
            guard type == LUA_TSTRING || type == LUA_TNUMBER else {
                throw LuaError("\(name) function returned \(LuaValues.typeName(L, -1)) for node '\(id)', a string expected")
            }
            return LuaValues.describe(L, -1)
        }
    }
}

/// The Lua array of element references handed to an accessor as its third argument, made once per element list
/// (as d3 hands every call of one initialisation the same array) and kept until the list changes; nil for a Lua
/// function that takes fewer than three parameters, which cannot see it.
final class ElementArray {
    /// Which elements it holds.
    let kind: ElementReference.Kind
    /// The accessor the array is made for.
    private let function: LuaReference
    /// Whether the accessor can see a third argument, once known.
    private var isSeen: Bool?
    private var list: ElementList?
    private var array: LuaReference?

    init(kind: ElementReference.Kind, for function: LuaReference) {
        self.kind = kind
        self.function = function
    }

    /// Pushes the array for `list`, making it if the list is not the one it was made for (or nil, when unseen).
    func push(_ L: OpaquePointer, _ list: ElementList, _ simulation: SimulationHandle) {
        if isSeen == nil {
            var record = lua_Debug()
            function.push(L)
            isSeen = lua_getinfo(L, ">u", &record) == 0 || record.nparams >= 3 || record.isvararg != 0
        }
        guard isSeen == true else { return lua_pushnil(L) }
        if let array, list === self.list { return array.push(L) }
        ElementBindings.pushList(L, simulation.graph, kind, list.ids)
        array = LuaReference(L, -1, owner: simulation)
        self.list = list
    }
}
