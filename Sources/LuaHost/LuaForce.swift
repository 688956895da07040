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
    let reference: Int32
    private var nodesReference: Int32 = LUA_NOREF
    /// Whether fixed coordinates were copied last time (so clearing them is copied too).
    private var fixedCopied = false
    private var kinetics: Kinetics?

    init(simulation: LuaSimulation, form: Form, reference: Int32) {
        self.simulation = simulation
        self.form = form
        self.reference = reference
    }

    /// Builds the node tables and, in the table form, calls `initialize(nodes, random)`.
    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        let L = simulation.activeState
        self.kinetics = kinetics
        LuaCallback.release(L, nodesReference)
        lua_createtable(L, Int32(kinetics.count), 0)
        let graph = simulation.graph.graph
        for (i, id) in simulation.nodeIds.enumerated() {
            // Sized for index, id, data, positions and velocities: small tables keep the per-tick copies in cache.
            lua_createtable(L, 0, kinetics.dimensions == 3 ? 9 : 7)
            lua_pushinteger(L, lua_Integer(i))
            lua_setfield(L, -2, "index")
            LuaValues.push(L, id)
            lua_setfield(L, -2, "id")
            LuaValues.push(L, fields: graph.node(id)?.data ?? [:])
            lua_setfield(L, -2, "data")
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        nodesReference = luaL_ref(L, fl_registryindex())
        fixedCopied = true
        try synchronise(toLua: true)
        guard form == .table else { return }
        try callMember("initialize", optional: true) {
            LuaCallback.push(L, self.nodesReference)
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
            try LuaCallback.call(L, reference) {
                lua_pushnumber(L, alpha)
                LuaCallback.push(L, self.nodesReference)
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
        LuaCallback.push(L, reference)
        let type = lua_getfield(L, -1, name)
        if type != LUA_TFUNCTION {
            fl_pop(L, 2)
            if optional && type == LUA_TNIL { return }
            throw LuaError("Lua force: field '\(name)' must be a function, got \(String(cString: lua_typename(L, type)))")
        }
        let member = luaL_ref(L, fl_registryindex())
        fl_pop(L, 1)
        defer { LuaCallback.release(L, member) }
        try LuaCallback.call(L, member, pushArguments)
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
        LuaCallback.push(L, nodesReference)
        let status: Int32
        if toLua {
            let anyFixed = kinetics.fx.contains { !$0.isNaN } || kinetics.fy.contains { !$0.isNaN }
                || kinetics.fz.contains { !$0.isNaN }
            status = fl_nodes_write(L, -1, &state, anyFixed || fixedCopied ? 1 : 0)
            fixedCopied = anyFixed
        } else {
            status = fl_nodes_read(L, -1, &state)
        }
        if status != LUA_OK {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 2)
            throw LuaError("Lua force: \(message)")
        }
        fl_pop(L, 1)
    }

    /// Releases the Lua values this force holds.
    func release(_ L: OpaquePointer) {
        LuaCallback.release(L, reference)
        LuaCallback.release(L, nodesReference)
    }
}

/// The simulation's random source as a callable Lua object: `random()` returns d3's next LCG value.
enum RandomLua {
    static let metatable = "forcelab.Random"

    /// Registers the metatable.
    static func register(_ L: OpaquePointer) {
        LuaObject.register(L, name: metatable, methods: [], metamethods: [("__call", next)])
    }

    /// Pushes a callable object drawing from `random`.
    static func push(_ L: OpaquePointer, _ random: RandomSource) {
        LuaObject.push(L, random, metatable: metatable)
    }

    static let next: LuaFunction = { L in
        LuaBinding.run(L, "random") { arguments in
            let random = try arguments.object(1, RandomSource.self, name: "random source")
            lua_pushnumber(arguments.L, random.next())
            return 1
        }
    }
}
