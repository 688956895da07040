import CLuaShim
import ForceSimulation

/// A force written in Lua, d3 style, adapted to the engine's open force protocol.
///
/// Nodes are Lua tables `{index, id, x, y, (z), vx, vy, (vz), fx, fy, data}`; the engine's state is copied into them
/// before the Lua code runs and positions and velocities are copied back after it.
final class LuaForce: Force {
    /// `function(alpha, nodes)` or `{initialize = function(nodes, random), force = function(alpha)}`.
    enum Form {
        case function
        case table
    }

    private unowned let simulation: LuaSimulation
    let form: Form
    /// Registry reference of the function or table.
    let reference: LuaReference
    private var nodes: LuaReference?
    /// Whether fixed coordinates were copied last time (so clearing them is copied too).
    private var fixedCopied = false
    private var kinetics: Kinetics?

    init(simulation: LuaSimulation, form: Form, reference: LuaReference) {
        self.simulation = simulation
        self.form = form
        self.reference = reference
    }

    /// Builds the node tables and, in the table form, calls `initialize(nodes, random)`.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let L = simulation.activeState
        self.kinetics = kinetics
        lua_createtable(L, Int32(kinetics.count), 0)
        let graph = simulation.graph.graph
        // The node tables first, back to back, sized for index, id, data, positions and velocities; ids and data
        // after them. Small tables that lie together keep the per-tick copies in cache.
        for i in 0..<kinetics.count {
            lua_createtable(L, 0, kinetics.dimensions == 3 ? 9 : 7)
            lua_pushinteger(L, lua_Integer(i))
            lua_setfield(L, -2, "index")
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        for (i, id) in simulation.nodeIds.enumerated() {
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            LuaValues.push(L, id)
            lua_setfield(L, -2, "id")
            LuaValues.push(L, fields: graph.node(id)?.data ?? [:])
            lua_setfield(L, -2, "data")
            fl_pop(L, 1)
        }
        nodes = LuaReference(L, -1, owner: simulation)
        fl_pop(L, 1)
        fixedCopied = true
        try synchronise(toLua: true)
        guard form == .table else { return }
        try callMember("initialize", optional: true) {
            self.nodes?.push(L)
            RandomLua.push(L, random)
            return 2
        }
        try synchronise(toLua: false)
    }

    /// Runs the Lua force for one tick.
    func apply(alpha: Double) throws {
        let L = simulation.activeState
        try synchronise(toLua: true)
        switch form {
        case .function:
            try call(reference) {
                lua_pushnumber(L, alpha)
                self.nodes?.push(L)
                return 2
            }
        case .table:
            try callMember("force", optional: false) {
                lua_pushnumber(L, alpha)
                return 1
            }
        }
        try synchronise(toLua: false)
    }

    /// Calls `table[name](arguments...)`; a missing optional member is skipped.
    private func callMember(_ name: String, optional: Bool, _ pushArguments: () -> Int32) throws {
        let L = simulation.activeState
        reference.push(L)
        guard fl_getfield_protected(L, -1, name) == LUA_OK else {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 2)
            throw LuaError(message, isLocated: true)
        }
        let type = lua_type(L, -1)
        if type != LUA_TFUNCTION {
            fl_pop(L, 2)
            if optional && type == LUA_TNIL { return }
            throw LuaError("Lua force: field '\(name)' must be a function, got \(String(cString: lua_typename(L, type)))")
        }
        let member = LuaReference(L, -1)
        fl_pop(L, 2)
        try call(member, pushArguments)
    }

    /// Calls Lua with the simulation marked busy, so the Lua code cannot re-enter it.
    private func call(_ function: LuaReference, _ pushArguments: () -> Int32) throws {
        simulation.busy = true
        defer { simulation.busy = false }
        try function.call(simulation.activeState, pushArguments)
    }

    /// Writes fixed coordinates a Lua force set or cleared (`node.fx = 100`) to the graph's nodes, where they belong.
    private func keepPins(from before: [[Double]], _ kinetics: Kinetics) throws {
        let after = [kinetics.fx, kinetics.fy, kinetics.fz]
        let graph = simulation.graph.graph
        for i in 0..<kinetics.count {
            let changed = (0..<kinetics.dimensions).contains { axis in
                before[axis][i].bitPattern != after[axis][i].bitPattern && !(before[axis][i].isNaN && after[axis][i].isNaN)
            }
            guard changed else { continue }
            try graph.updateNode(simulation.nodeIds[i]) { node in
                node.fx = kinetics.fx[i].isNaN ? nil : kinetics.fx[i]
                node.fy = kinetics.fy[i].isNaN ? nil : kinetics.fy[i]
                if kinetics.dimensions == 3 { node.fz = kinetics.fz[i].isNaN ? nil : kinetics.fz[i] }
            }
        }
    }

    /// Copies the node state into the node tables, or back from them.
    private func synchronise(toLua: Bool) throws {
        guard let kinetics else { return }
        let L = simulation.activeState
        var state = fl_node_state(
            count: Int32(kinetics.count), dimensions: Int32(kinetics.dimensions),
            x: kinetics.x.baseAddress, y: kinetics.y.baseAddress, z: kinetics.z.baseAddress,
            vx: kinetics.vx.baseAddress, vy: kinetics.vy.baseAddress, vz: kinetics.vz.baseAddress,
            fx: kinetics.fx.baseAddress, fy: kinetics.fy.baseAddress, fz: kinetics.fz.baseAddress)
        guard let nodes else { return }
        nodes.push(L)
        let status: Int32
        if toLua {
            let anyFixed = kinetics.fx.contains { !$0.isNaN } || kinetics.fy.contains { !$0.isNaN }
                || kinetics.fz.contains { !$0.isNaN }
            status = fl_nodes_write(L, -1, &state, anyFixed || fixedCopied ? 1 : 0)
            fixedCopied = anyFixed
        } else {
            let fixedBefore = [Array(kinetics.fx), Array(kinetics.fy), Array(kinetics.fz)]
            status = fl_nodes_read(L, -1, &state)
            if status == LUA_OK { try keepPins(from: fixedBefore, kinetics) }
        }
        if status != LUA_OK {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 2)
            throw LuaError("Lua force: \(message)")
        }
        fl_pop(L, 1)
    }
}
