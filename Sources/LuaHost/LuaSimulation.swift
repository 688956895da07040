import CLuaShim
import ForceSimulation
import GraphModel

/// A simulation bound to a graph for Lua: keeps the engine's nodes in step with the graph's, both ways.
final class LuaSimulation {
    let graph: LuaGraph
    let simulation: Simulation
    /// The node ids in kinetics order, as of the last sync.
    private(set) var nodeIds: [String]
    /// The state running the current binding call; per-element parameter functions and Lua forces run in it.
    var activeState: OpaquePointer
    /// The force specs by name (built-in forces), to answer `sim:force(name)`.
    var specs: [String: ForceSpec] = [:]
    /// Lua forces by name, whose Lua values are kept in the registry.
    var luaForces: [String: LuaForce] = [:]
    /// The node tables every Lua force of this simulation sees.
    lazy var nodeTables = LuaNodeTables(simulation: self)
    /// Registry references of the tick and end handlers, by event then name.
    var handlers: [String: [(name: String, reference: LuaReference)]] = [:]
    /// Set while Lua code runs inside the engine's own work (a Lua force, a per-node parameter function); the
    /// simulation's methods refuse to run then, since they could free the buffers that work is using.
    var busy = false
    /// Set by `sim:stop()`: the running `sim:run` ends after the current tick.
    var stopRequested = false
    /// Recordings made with `sim:record`, fed after every tick.
    var recordings: [LuaRecording] = []
    /// Ticks run since the simulation was made.
    var ticksDone = 0
    private var syncedStructure: Int
    private var syncedVersion: Int

    /// Builds the engine simulation over the graph's nodes (positions, fixed coordinates) with the given options.
    init(_ graph: LuaGraph, state: OpaquePointer, dimensions: Int, seed: UInt32) throws {
        self.graph = graph
        activeState = state
        let store = graph.graph
        nodeIds = store.nodeIds
        let nodes = store.nodes
        simulation = try Simulation(nodeCount: nodes.count, dimensions: dimensions, seed: seed) { kinetics in
            for (i, node) in nodes.enumerated() { LuaSimulation.load(node, into: kinetics, at: i) }
        }
        syncedStructure = store.structureVersion
        syncedVersion = store.version
        try writeBack()
    }

    /// Copies a graph node's position and fixed coordinates into the kinetics at `i`.
    private static func load(_ node: Node, into kinetics: Kinetics, at i: Int) {
        if node.position.isPlaced {
            kinetics.x[i] = node.position.x
            kinetics.y[i] = node.position.y
            if kinetics.dimensions == 3 { kinetics.z[i] = node.position.z ?? .nan }
        }
        kinetics.fx[i] = node.fx ?? .nan
        kinetics.fy[i] = node.fy ?? .nan
        if kinetics.dimensions == 3 { kinetics.fz[i] = node.fz ?? .nan }
    }

    /// Picks up edits of the graph since the last sync: a new node set (kept state, new nodes placed as d3
    /// places them, forces initialised again) or moved/fixed nodes.
    func pullFromGraph() throws {
        let store = graph.graph
        if store.version != syncedVersion || store.structureVersion != syncedStructure { nodeTables.graphChanged() }
        if store.structureVersion != syncedStructure {
            var oldIndex: [String: Int] = [:]
            for (i, id) in nodeIds.enumerated() { oldIndex[id] = i }
            let nodes = store.nodes
            let keeping = nodes.map { oldIndex[$0.id] }
            nodeIds = nodes.map(\.id)
            syncedStructure = store.structureVersion
            try simulation.replaceNodes(keeping: keeping) { kinetics in
                for (i, node) in nodes.enumerated() { LuaSimulation.load(node, into: kinetics, at: i) }
            }
            try writeBack()
        } else if store.version != syncedVersion {
            let kinetics = simulation.kinetics
            var i = 0
            store.forEachNode { node in
                LuaSimulation.load(node, into: kinetics, at: i)
                i += 1
            }
            syncedVersion = store.version
        }
    }

    /// Between the ticks of one call: picks up a node set that Lua code changed (positions are written back first,
    /// so the nodes kept keep where they are now).
    func pullNodeSet() throws {
        guard graph.graph.structureVersion != syncedStructure else { return }
        try writeBack()
        try pullFromGraph()
    }

    /// Runs engine work and writes the positions back to the graph once, whether it finishes or throws.
    func keepingPositions<T>(_ work: () throws -> T) throws -> T {
        let result: T
        do {
            result = try work()
        } catch {
            try? writeBack()
            throw error
        }
        try writeBack()
        return result
    }

    /// Writes the engine's positions back to the graph's nodes (by id when Lua code changed the node set meanwhile;
    /// nodes the engine does not know yet keep their own position).
    func writeBack() throws {
        let kinetics = simulation.kinetics
        let store = graph.graph
        if store.version != syncedVersion { nodeTables.graphChanged() }
        let three = kinetics.dimensions == 3
        if store.structureVersion == syncedStructure {
            try store.setPositions(x: Array(kinetics.x), y: Array(kinetics.y), z: three ? Array(kinetics.z) : nil)
        } else {
            var index: [String: Int] = [:]
            for (i, id) in nodeIds.enumerated() { index[id] = i }
            let nodes = store.nodes
            let known = nodes.map { index[$0.id] }
            try store.setPositions(
                x: zip(nodes, known).map { node, i in i.map { kinetics.x[$0] } ?? node.position.x },
                y: zip(nodes, known).map { node, i in i.map { kinetics.y[$0] } ?? node.position.y },
                z: three ? zip(nodes, known).map { node, i in i.map { kinetics.z[$0] } ?? node.position.z ?? .nan } : nil)
        }
        syncedVersion = store.version
    }

    /// Counts a finished tick and feeds the recordings (custom values are Lua functions of the simulation at stack index 1).
    func afterTick() throws {
        ticksDone += 1
        for recording in recordings where recording.isRecording {
            var values: [Double] = []
            if !recording.custom.isEmpty { try writeBack() }
            for entry in recording.custom {
                try entry.reference.call(activeState, results: 1) {
                    lua_pushvalue(activeState, 1)
                    return 1
                }
                values.append(LuaValues.number(activeState, -1) ?? .nan)
                fl_pop(activeState, 1)
            }
            try recording.record(tick: ticksDone, kinetics: simulation.kinetics, customValues: values)
        }
    }

    /// The graph node at kinetics index `i`.
    func node(at i: Int) -> Node? { graph.graph.node(nodeIds[i]) }
}
