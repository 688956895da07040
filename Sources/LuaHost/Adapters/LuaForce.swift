import CLuaShim
import ForceSimulation

/// A force written in Lua, d3 style, adapted to the engine's open force protocol.
///
/// Nodes are the simulation's shared node tables (`LuaNodeTables`); the engine's state is copied into them before
/// the first of a run of consecutive Lua forces and back after the last, so forces in a row share one copy each way.
final class LuaForce: Force {
    /// `function(alpha, nodes)` or `{initialize = function(nodes, random), force = function(alpha)}`.
    enum Form {
        case function
        case table
    }

    private unowned let simulation: SimulationHandle
    /// The name the force was added under.
    let name: String
    let form: Form
    /// Registry reference of the function or table.
    let reference: LuaReference
    private var kinetics: Kinetics?

    init(simulation: SimulationHandle, name: String, form: Form, reference: LuaReference) {
        self.simulation = simulation
        self.name = name
        self.form = form
        self.reference = reference
    }

    /// Builds the node tables if the node set changed and, in the table form, calls `initialize(nodes, random)`.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let L = simulation.activeState
        self.kinetics = kinetics
        let tables = simulation.nodeTables
        tables.prepare(dimensions: kinetics.dimensions)
        guard form == .table else { return }
        try tables.write(kinetics)
        try callMember(LuaForceFields.initialize) {
            tables.pushList(L)
            RandomBindings.push(L, random)
            return 2
        }
        try tables.read(kinetics, writtenBy: "Lua force '\(name)' (initialize)")
    }

    /// Runs the Lua force for one tick.
    func apply(alpha: Double) throws {
        guard let kinetics else { return }
        let L = simulation.activeState
        let tables = simulation.nodeTables
        let (afterLuaForce, beforeLuaForce) = neighbours()
        if !(afterLuaForce && tables.isCurrent) { try tables.write(kinetics) }
        switch form {
        case .function:
            try call(reference) {
                lua_pushnumber(L, alpha)
                tables.pushList(L)
                return 2
            }
        case .table:
            try callMember(LuaForceFields.force) {
                lua_pushnumber(L, alpha)
                return 1
            }
        }
        if !beforeLuaForce { try tables.read(kinetics, writtenBy: writers()) }
    }

    /// Names the Lua forces whose writes the copy back after this one reads: this force and the Lua forces right
    /// before it, which share the copy.
    private func writers() -> String {
        let engine = simulation.layout.simulation
        let names = engine.forceNames
        guard let slot = names.firstIndex(of: name) else { return "Lua force '\(name)'" }
        var first = slot
        while first > 0, engine.force(named: names[first - 1]) is LuaForce { first -= 1 }
        if first == slot { return "Lua force '\(name)'" }
        return "one of the Lua forces " + names[first...slot].map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Whether the forces just before and just after this one in the simulation's order are Lua forces.
    private func neighbours() -> (after: Bool, before: Bool) {
        let engine = simulation.layout.simulation
        let names = engine.forceNames
        guard let slot = names.firstIndex(where: { engine.force(named: $0) === self }) else { return (false, false) }
        let isLua = { (k: Int) in names.indices.contains(k) && engine.force(named: names[k]) is LuaForce }
        return (isLua(slot - 1), isLua(slot + 1))
    }

    /// Calls `table[member](arguments...)`; a missing member that is not required is skipped.
    private func callMember(_ member: LuaOption, _ pushArguments: () -> Int32) throws {
        let name = member.name
        let L = simulation.activeState
        reference.push(L)
        let type: Int32
        do {
            type = try Self.pushField(L, -1, name)
        } catch {
            fl_pop(L, 1)
            throw error
        }
        if type != LUA_TFUNCTION {
            fl_pop(L, 2)
            if !member.isRequired && type == LUA_TNIL { return }
            throw LuaError("Lua force: field '\(name)' must be a function, got \(String(cString: lua_typename(L, type)))")
        }
        let function = LuaReference(L, -1)
        fl_pop(L, 2)
        try call(function, pushArguments)
    }

    /// Pushes field `name` of the table at `index` (through its metatable, protected) and returns its type; an error
    /// the lookup raises is thrown, with nothing pushed.
    static func pushField(_ L: OpaquePointer, _ index: Int32, _ name: String) throws -> Int32 {
        guard fl_getfield_protected(L, index, name) == LUA_OK else {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 1)
            throw LuaError(message, isLocated: true)
        }
        return lua_type(L, -1)
    }

    /// Calls Lua (the layout is busy meanwhile, so the Lua code cannot re-enter it); what the forces wrote before an
    /// error is kept.
    private func call(_ function: LuaReference, _ pushArguments: () -> Int32) throws {
        do {
            try function.call(simulation.activeState, pushArguments)
        } catch {
            simulation.nodeTables.keepWrites(kinetics)
            throw error
        }
    }
}
