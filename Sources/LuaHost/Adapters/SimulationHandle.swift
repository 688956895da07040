import CLuaShim
import ForceSimulation
import GraphLayout

/// A simulation as Lua holds it: the graph layout, plus what only Lua needs — the Lua thread its callbacks run in,
/// the forces' descriptions, and the node tables its Lua forces share.
final class SimulationHandle {
    /// The layout: the engine bound to the graph.
    let layout: GraphLayout
    /// The graph as Lua holds it.
    let graph: GraphHandle
    /// The thread running the current binding call on this simulation; Lua forces, parameter functions and
    /// handlers run in it.
    var activeState: OpaquePointer
    /// The forces as the script gave them, by name: the one record of which Lua value stands in each slot.
    private(set) var forces: [String: ScriptForce] = [:]
    /// The Lua event handlers by event and name (`sim:on` returns them); the layout's events call them.
    var handlers: [String: LuaReference] = [:]
    /// The function given to `sim:randomSource`, while the simulation draws from it.
    var randomSource: LuaReference?
    /// The live session serving this simulation's pages (`fl.live`), which `sim:run` sends frames to.
    weak var live: LiveSession?
    /// The node tables every Lua force of this simulation sees.
    lazy var nodeTables = LuaNodeTables(simulation: self)

    init(layout: GraphLayout, graph: GraphHandle, state: OpaquePointer) {
        self.layout = layout
        self.graph = graph
        activeState = state
    }

    /// Runs `body` with `L` as the thread callbacks run in (a method may be called from a coroutine), the previous
    /// one afterwards.
    func running<T>(in L: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        let previous = activeState
        activeState = L
        defer { activeState = previous }
        return try body()
    }

    /// Calls a Lua function that must return a number (a per-element parameter).
    func callNumber(_ function: LuaReference, _ name: String, _ pushArguments: (OpaquePointer) throws -> Int32) throws -> Double {
        let L = activeState
        try function.call(L, results: 1) { try pushArguments(L) }
        defer { fl_pop(L, 1) }
        guard let value = LuaValues.number(L, -1) else {
            throw LuaError("\(name) function returned \(LuaValues.typeName(L, -1)), a number expected")
        }
        return value
    }

    /// Adds or replaces the built-in force `name`.
    func setForce(_ name: String, _ force: BuiltInForce) throws {
        try layout.setForce(name, force.engineForce(for: self))
        place(.builtIn(force), as: name)
    }

    /// Adds or replaces the Lua force `name`.
    func setForce(_ name: String, _ force: LuaForce) throws {
        try layout.setForce(name, force)
        place(.lua(force), as: name)
    }

    /// Adds or replaces the array-form Lua force `name`.
    func setForce(_ name: String, _ force: LuaArrayForce) throws {
        try layout.setForce(name, force)
        place(.arrays(force), as: name)
    }

    /// Removes the force `name`.
    func removeForce(_ name: String) throws {
        try layout.removeForce(name)
        place(nil, as: name)
    }

    /// Records `force` in slot `name`: a built-in force learns it is used here (and the one it replaces that it is
    /// not); the node tables go once no Lua force uses them.
    private func place(_ force: ScriptForce?, as name: String) {
        if case .builtIn(let old)? = forces[name], case .builtIn(let new)? = force, old === new { return }
        if case .builtIn(let old)? = forces[name] { old.removed(from: self, as: name) }
        forces[name] = force
        if case .builtIn(let new)? = force { new.added(to: self, as: name) }
        if !forces.values.contains(where: { if case .lua = $0 { true } else { false } }) { nodeTables.release() }
    }

    deinit {
        for case (let name, .builtIn(let force)) in forces { force.removed(from: self, as: name) }
    }
}

/// A force as a script gave it to `sim:force`.
enum ScriptForce {
    /// One of d3's forces (`fl.force.manyBody{}`).
    case builtIn(BuiltInForce)
    /// A Lua function or table.
    case lua(LuaForce)
    /// A Lua table that works on arrays.
    case arrays(LuaArrayForce)
}
