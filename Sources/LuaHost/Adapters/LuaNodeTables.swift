import CLuaShim
import ForceSimulation
import GraphModel

/// The node tables of a simulation's Lua forces, and the copies between them and the engine's kinetics.
///
/// Every Lua force of a simulation sees the same tables, as every d3 force sees the same node objects: a field one
/// force sets is there for the next. A node keeps its table from tick to tick and across node-set changes for as
/// long as it stays in the graph.
final class LuaNodeTables {
    private unowned let simulation: SimulationHandle
    /// `nodes` as the forces see it.
    private var list: LuaReference?
    /// The same tables in a private array the copies go through, so a force that rearranges its list cannot break them.
    private var tables: LuaReference?
    /// The node ids the tables were built for, in kinetics order.
    private var builtIds: [String] = []
    /// The data each table's `data` field was made from.
    private var builtData: [[String: DataValue]] = []
    /// Per node, set by a read when a Lua force changed its fixed coordinates.
    private var pinsChanged: [UInt8] = []
    /// Whether fixed coordinates were written last time (so clearing them is written too).
    private var fixedWritten = false
    /// Whether the tables hold the kinetics' current positions and velocities.
    private(set) var isCurrent = false
    /// The layout's count of graph edits when the tables' `data` fields were last brought up to date.
    private var editsSeen = 0

    init(simulation: SimulationHandle) {
        self.simulation = simulation
    }

    /// Builds the tables for the simulation's current node set, keeping the tables of nodes that stay.
    func prepare(dimensions: Int) {
        let ids = simulation.layout.nodeIds
        guard tables == nil || builtIds != ids else { return }
        let L = simulation.activeState
        var oldIndex: [String: Int] = [:]
        if let tables { tables.push(L) } else { lua_pushnil(L) }
        if lua_type(L, -1) == LUA_TTABLE {
            for (i, id) in builtIds.enumerated() { oldIndex[id] = i }
        } else {
            fl_pop(L, 1)
            lua_createtable(L, 0, 0)
        }
        let old = lua_gettop(L)
        lua_createtable(L, Int32(ids.count), 0)
        let fresh = lua_gettop(L)
        let graph = simulation.graph.graph
        // New tables back to back, sized for index, id, data, positions and velocities, so the per-tick copies
        // walk memory in order; ids and data after them.
        var created: [Int] = []
        for (i, id) in ids.enumerated() {
            if let j = oldIndex[id] {
                lua_rawgeti(L, old, lua_Integer(j + 1))
            } else {
                lua_createtable(L, 0, dimensions == 3 ? 9 : 7)
                created.append(i)
            }
            LuaNodeTables.setField(L, "index") { lua_pushinteger(L, lua_Integer(i)) }
            lua_rawseti(L, fresh, lua_Integer(i + 1))
        }
        let previousData = builtData
        builtData = ids.map { id in oldIndex[id].map { previousData[$0] } ?? [:] }
        for i in created {
            lua_rawgeti(L, fresh, lua_Integer(i + 1))
            LuaNodeTables.setField(L, "id") { LuaValues.push(L, ids[i]) }
            builtData[i] = graph.node(ids[i])?.data ?? [:]
            LuaNodeTables.setField(L, "data") { LuaValues.push(L, fields: builtData[i]) }
            fl_pop(L, 1)
        }
        tables = LuaReference(L, fresh, owner: simulation)
        lua_createtable(L, Int32(ids.count), 0)
        for i in 0..<ids.count {
            lua_rawgeti(L, fresh, lua_Integer(i + 1))
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        list = LuaReference(L, -1, owner: simulation)
        lua_settop(L, old - 1)
        builtIds = ids
        pinsChanged = [UInt8](repeating: 0, count: ids.count)
        fixedWritten = true
        isCurrent = false
    }

    /// Sets `table[key]` (the table on top of the stack) to the value `pushValue` pushes, without metamethods: a
    /// script may have given a node table a metatable, and nothing here may raise a Lua error.
    private static func setField(_ L: OpaquePointer, _ key: String, _ pushValue: () -> Void) {
        lua_pushstring(L, key)
        pushValue()
        lua_rawset(L, -3)
    }

    /// Lets go of the tables once no Lua force uses them (they are built again when one is added).
    func release() {
        list = nil
        tables = nil
        builtIds = []
        builtData = []
        pinsChanged = []
        isCurrent = false
    }

    /// Pushes the node list the forces see.
    func pushList(_ L: OpaquePointer) {
        guard let list else { return lua_pushnil(L) }
        list.push(L)
    }

    /// After a Lua force failed: reads back what the forces wrote before the error (d3's node objects keep it too),
    /// or, when even that fails, notes that the tables no longer match the kinetics.
    func keepWrites(_ kinetics: Kinetics?) {
        if let kinetics, (try? read(kinetics, writtenBy: "")) != nil { return }
        isCurrent = false
    }

    /// Copies positions and velocities into the tables, and fixed coordinates while any node is fixed (and once more
    /// after the last pin is cleared, so the tables lose it too).
    func write(_ kinetics: Kinetics) throws {
        let anyFixed = kinetics.fx.contains { !$0.isNaN } || kinetics.fy.contains { !$0.isNaN }
            || kinetics.fz.contains { !$0.isNaN }
        if simulation.layout.editsSeen != editsSeen { refreshData() }
        var state = LuaNodeTables.state(kinetics)
        try synchronise({ "Lua force: \($0)" }) { L in fl_nodes_write(L, -1, &state, anyFixed || fixedWritten ? 1 : 0) }
        fixedWritten = anyFixed
        isCurrent = true
    }

    /// Copies positions, velocities and fixed coordinates back from the tables; fixed coordinates a Lua force set
    /// or cleared (`node.fx = 100`) go on to the graph's nodes, where they belong. A value that is not a number,
    /// or NaN, fails naming `forces` (the Lua forces that wrote since the last read), the node and the field.
    func read(_ kinetics: Kinetics, writtenBy forces: @autoclosure () -> String) throws {
        var state = LuaNodeTables.state(kinetics)
        let ids = builtIds
        try pinsChanged.withUnsafeMutableBufferPointer { flags in
            state.pins_changed = flags.count == kinetics.count ? flags.baseAddress : nil
            try synchronise({ message in
                guard ids.indices.contains(Int(state.invalid_node)) else { return "\(forces()): \(message)" }
                return "\(forces()): node '\(ids[Int(state.invalid_node)])': \(message)"
            }) { L in fl_nodes_read(L, -1, &state) }
        }
        isCurrent = true
        if state.fixed_changed != 0 { try keepPins(kinetics) }
    }

    /// Gives a fresh copy of its node's data to every table whose node's data changed in the graph.
    private func refreshData() {
        guard let tables else { return }
        let L = simulation.activeState
        let graph = simulation.graph.graph
        tables.push(L)
        guard lua_type(L, -1) == LUA_TTABLE else { return fl_pop(L, 1) }
        for (i, id) in builtIds.enumerated() {
            let data = graph.node(id)?.data ?? [:]
            guard data != builtData[i] else { continue }
            builtData[i] = data
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            LuaNodeTables.setField(L, "data") { LuaValues.push(L, fields: data) }
            fl_pop(L, 1)
        }
        fl_pop(L, 1)
        editsSeen = simulation.layout.editsSeen
    }

    /// Runs a sync function with the private array on the stack, turning a failure into a `LuaError` whose message
    /// `describe` makes from Lua's.
    private func synchronise(_ describe: (String) -> String, _ sync: (OpaquePointer) -> Int32) throws {
        guard let tables else { return }
        let L = simulation.activeState
        tables.push(L)
        guard lua_type(L, -1) == LUA_TTABLE else {
            // The simulation is being collected and its callbacks table with it (a finalizer brought it back).
            fl_pop(L, 1)
            isCurrent = false
            throw LuaError("Lua force: the simulation's node tables are gone (it is being collected)")
        }
        let status = sync(L)
        if status != LUA_OK {
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 2)
            isCurrent = false
            throw LuaError(describe(message))
        }
        fl_pop(L, 1)
    }

    /// Writes the fixed coordinates of the nodes whose pins a Lua force changed to the graph, and clears their marks.
    private func keepPins(_ kinetics: Kinetics) throws {
        let graph = simulation.graph.graph
        let pinned = { (value: Double) in value.isNaN ? nil : value }
        for i in pinsChanged.indices where pinsChanged[i] != 0 {
            pinsChanged[i] = 0
            guard graph.containsNode(builtIds[i]) else { continue }
            try graph.updateNode(builtIds[i]) { node in
                node.fx = pinned(kinetics.fx[i])
                node.fy = pinned(kinetics.fy[i])
                if kinetics.dimensions == 3 { node.fz = pinned(kinetics.fz[i]) }
            }
        }
    }

    /// The kinetics' columns for the C sync functions.
    private static func state(_ kinetics: Kinetics) -> fl_node_state {
        fl_node_state(
            count: Int32(kinetics.count), dimensions: Int32(kinetics.dimensions),
            x: kinetics.x.baseAddress, y: kinetics.y.baseAddress, z: kinetics.z.baseAddress,
            vx: kinetics.vx.baseAddress, vy: kinetics.vy.baseAddress, vz: kinetics.vz.baseAddress,
            fx: kinetics.fx.baseAddress, fy: kinetics.fy.baseAddress, fz: kinetics.fz.baseAddress, fixed_changed: 0,
            pins_changed: nil, invalid_node: -1)
    }
}
