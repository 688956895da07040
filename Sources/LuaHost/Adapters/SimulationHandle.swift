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
    /// The built-in forces by name, to answer `sim:force(name)`.
    var descriptions: [String: ForceDescription] = [:]
    /// The Lua forces by name.
    var luaForces: [String: LuaForce] = [:]
    /// The array-form Lua forces by name.
    var arrayForces: [String: LuaArrayForce] = [:]
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

    /// Adds or replaces the built-in force `name` as `description` says.
    func setForce(_ name: String, _ description: ForceDescription) throws {
        try layout.setForce(name, try description.kind.make(description, for: self))
        descriptions[name] = description
        luaForces[name] = nil
        arrayForces[name] = nil
        if !description.attachments.contains(where: { $0.simulation.value === self && $0.name == name }) {
            description.attachments.append((simulation: ForceDescription.WeakHandle(value: self), name: name))
        }
        releaseNodeTablesIfUnused()
    }

    /// Adds or replaces the Lua force `name`.
    func setForce(_ name: String, _ force: LuaForce) throws {
        try layout.setForce(name, force)
        luaForces[name] = force
        descriptions[name] = nil
        arrayForces[name] = nil
    }

    /// Adds or replaces the array-form Lua force `name`.
    func setForce(_ name: String, _ force: LuaArrayForce) throws {
        try layout.setForce(name, force)
        arrayForces[name] = force
        luaForces[name] = nil
        descriptions[name] = nil
        releaseNodeTablesIfUnused()
    }

    /// Removes the force `name`.
    func removeForce(_ name: String) throws {
        try layout.removeForce(name)
        descriptions[name] = nil
        luaForces[name] = nil
        arrayForces[name] = nil
        releaseNodeTablesIfUnused()
    }

    /// Lets go of the node tables once no Lua force uses them.
    private func releaseNodeTablesIfUnused() {
        if luaForces.isEmpty { nodeTables.release() }
    }
}
