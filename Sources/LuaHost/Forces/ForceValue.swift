import CLuaShim
import GraphLayout

/// A built-in force's option value as a script gave it: a number, a Lua function (of the element, its index and all
/// the elements), the name of a data field, or a list of edge ids (the link force's `edges`); and what it becomes for
/// a simulation's graph; or one of a choice option's names (`fl.force.flow`'s direction), a boolean or a vector.
enum ForceValue {
    case number(Double)
    case choice(String)
    case boolean(Bool)
    case vector([Double])
    case function(LuaReference)
    case field(String)
    case ids([String])

    /// The value per element as the layout takes it; nil for a list of ids. A Lua function is called as d3 calls an
    /// accessor: `(element, i, elements)`, i 0-based, elements the array of all (one array per initialisation);
    /// errors name it by `label` (`fl.force.manyBody: strength`), since they may come at a later tick.
    func element(per kind: ElementReference.Kind, in simulation: SimulationHandle, label: String) -> ElementValue? {
        switch self {
        case .ids, .choice, .boolean, .vector: return nil
        case .number(let value): return .number(value)
        case .field(let field): return .field(field)
        case .function(let function):
            let array = ElementArray(kind: kind, for: function)
            return .computed { [unowned simulation] id, i, list in
                try simulation.callNumber(function, label) { L in
                    ElementBindings.push(L, simulation.graph, array.kind, id)
                    lua_pushinteger(L, lua_Integer(i))
                    array.push(L, list, simulation)
                    return 3
                }
            }
        }
    }

    /// The link force's `edges`: those a Lua function accepts, those whose boolean field is true, or a list.
    func edgeSelection(in simulation: SimulationHandle, name: String) -> GraphLinkForce.EdgeSelection {
        switch self {
        case .number, .choice, .boolean, .vector: return .all
        case .field(let field): return .field(field)
        case .ids(let ids): return .ids(ids)
        case .function(let function):
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
    /// number (made a string, as ids are). Nil unless a function.
    func nodeKey(in simulation: SimulationHandle, name: String) -> ((String, Int, ElementList) throws -> String)? {
        guard case .function(let function) = self else { return nil }
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
