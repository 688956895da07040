import ForceSimulation
import GraphModel

/// A force simulation bound to a graph: the engine's nodes follow the graph's (edits made between ticks are picked
/// up: nodes and edges added or removed, nodes moved, fixed or unfixed) and positions are written back to the graph.
public final class GraphLayout {
    /// The graph laid out.
    public let graph: Graph
    /// The engine simulation, one engine node per graph node in graph order as of the last sync.
    public let simulation: Simulation
    /// The node ids in engine order, as of the last sync.
    public private(set) var nodeIds: [String] {
        didSet {
            nodeListMade = nil
            boxesMade = nil
        }
    }
    /// The nodes' outlines the flow forces share (`nodeBoxes()`), made when first asked for after a node set change.
    var boxesMade: NodeBoxes?
    /// `nodeIds` as the list per-node parameters see, made when first asked for after a node set change.
    private var nodeListMade: ElementList?
    /// Whether the layout is ticking, syncing or initialising forces: a call that would do such work then fails
    /// with `LayoutError.busy`, since the work in progress holds state it could free.
    public private(set) var isBusy = false
    /// Ticks run since the layout was made.
    public private(set) var ticksDone = 0
    /// How many times the layout found the graph edited by someone else; code that caches graph data (node data
    /// copied for scripts) compares it with the count it saw.
    public private(set) var editsSeen = 0
    /// Set by `stop()`: a running `run` ends after the current tick.
    public private(set) var stopRequested = false
    /// Recordings fed after every tick.
    private var recordings: [LayoutRecording] = []
    private var indexById: [String: Int]?
    private var syncedStructure: Int
    private var syncedVersion: Int
    /// Whether the engine holds positions the graph does not have yet.
    private var positionsPending = false
    /// Velocities (vx, vy[, vz]) given for nodes the engine has not taken in yet, by id; they start with them.
    var pendingVelocities: [String: [Double]] = [:]

    /// Binds a new simulation with `settings` (d3's defaults unless given: 2D, seed 1, phyllotaxis, exact mode) to
    /// `graph`: nodes with a position start there, fixed coordinates are kept, the others are placed by the
    /// settings' placement, and the positions are written back at once.
    public init(graph: Graph, settings: SimulationSettings = SimulationSettings()) throws {
        self.graph = graph
        nodeIds = graph.nodeIds
        let nodes = graph.nodes
        simulation = try Simulation(nodeCount: nodes.count, settings: settings) { kinetics in
            for (i, node) in nodes.enumerated() { GraphLayout.load(node, into: kinetics, at: i) }
        }
        syncedStructure = graph.structureVersion
        syncedVersion = graph.version
        try writeBack()
    }

    /// The nodes in engine order as per-node parameters see them (one object until the node set changes).
    public var nodeList: ElementList {
        if let nodeListMade { return nodeListMade }
        let list = ElementList(nodeIds)
        nodeListMade = list
        return list
    }

    /// The engine index of the node with `id`, as of the last sync.
    public func index(of id: String) -> Int? {
        if let indexById { return indexById[id] }
        var index: [String: Int] = [:]
        index.reserveCapacity(nodeIds.count)
        for (i, id) in nodeIds.enumerated() { index[id] = i }
        indexById = index
        return index[id]
    }

    /// Runs `work` as the layout's exclusive work for `call`: fails if other such work is under way.
    public func exclusive<T>(_ call: String, _ work: () throws -> T) throws -> T {
        guard !isBusy else { throw LayoutError.busy(call) }
        isBusy = true
        defer { isBusy = false }
        return try work()
    }

    /// Runs `callback` (code outside the layout: a handler, a script's onTick) between ticks of exclusive work, with
    /// the graph holding the current positions and the layout open to calls; edits it made are picked up after.
    func idle(_ callback: () throws -> Void) throws {
        try writeBackIfPending()
        isBusy = false
        defer { isBusy = true }
        try callback()
        try pullFromGraph()
    }

    /// The node ids in engine index order after picking up graph edits (d3's `simulation.nodes()`); from inside the
    /// layout's own work, the order the engine is using.
    public func nodesInIndexOrder() throws -> [String] {
        if !isBusy { try synchronize() }
        return nodeIds
    }

    /// Picks up edits of the graph made since the last sync (exclusive work).
    public func synchronize() throws {
        try exclusive("synchronize") { try pullFromGraph() }
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

    /// Picks up edits of the graph since the last sync: a new node set (kept nodes keep their state, new ones are
    /// placed as d3 places them, forces are initialised again) or moved and fixed nodes.
    func pullFromGraph() throws {
        guard graph.version != syncedVersion || graph.structureVersion != syncedStructure else { return }
        editsSeen += 1
        if graph.structureVersion != syncedStructure {
            let nodes = graph.nodes
            let keeping = nodes.map { index(of: $0.id) }
            nodeIds = nodes.map(\.id)
            indexById = nil
            syncedStructure = graph.structureVersion
            let velocities = pendingVelocities
            pendingVelocities = [:]
            try simulation.replaceNodes(keeping: keeping) { kinetics in
                for (i, node) in nodes.enumerated() {
                    GraphLayout.load(node, into: kinetics, at: i)
                    for (axis, value) in (velocities[node.id] ?? []).enumerated() { kinetics.velocity(axis: axis)[i] = value }
                }
            }
            try writeBack()
        } else {
            let kinetics = simulation.kinetics
            var i = 0
            graph.forEachNode { node in
                GraphLayout.load(node, into: kinetics, at: i)
                i += 1
            }
            syncedVersion = graph.version
        }
    }

    /// Between the ticks of one call: picks up a node set that was changed (positions are written back first, so
    /// the nodes kept keep where they are now).
    func pullNodeSet() throws {
        guard graph.structureVersion != syncedStructure else { return }
        try writeBack()
        try pullFromGraph()
    }

    /// Writes the positions back if the engine moved nodes since the last write-back.
    func writeBackIfPending() throws {
        if positionsPending { try writeBack() }
    }

    /// Writes the engine's positions to the graph's nodes (by id when the node set was changed meanwhile; nodes the
    /// engine does not know yet keep their own position).
    func writeBack() throws {
        let kinetics = simulation.kinetics
        if graph.version != syncedVersion { editsSeen += 1 }
        let three = kinetics.dimensions == 3
        if graph.structureVersion == syncedStructure {
            try graph.setPositions(x: Array(kinetics.x), y: Array(kinetics.y), z: three ? Array(kinetics.z) : nil)
            try writeFrameSizes()
        } else {
            let nodes = graph.nodes
            let known = nodes.map { index(of: $0.id) }
            try graph.setPositions(
                x: zip(nodes, known).map { node, i in i.map { kinetics.x[$0] } ?? node.position.x },
                y: zip(nodes, known).map { node, i in i.map { kinetics.y[$0] } ?? node.position.y },
                z: three ? zip(nodes, known).map { node, i in i.map { kinetics.z[$0] } ?? node.position.z ?? .nan } : nil)
        }
        syncedVersion = graph.version
        positionsPending = false
    }

    /// Counts a tick the engine ran and feeds the recordings.
    func tickDone() throws {
        ticksDone += 1
        positionsPending = true
        for recording in recordings where recording.isRecording {
            try recording.record(tick: ticksDone, kinetics: simulation.kinetics, layout: self)
        }
    }

    /// Starts a recording fed after every tick from now on.
    public func record(_ settings: LayoutRecording.Settings = LayoutRecording.Settings(),
                       values: [(name: String, value: () throws -> Double)] = []) throws -> LayoutRecording
    {
        try exclusive("record") {
            try pullFromGraph()
            let recording = LayoutRecording(layout: self, settings: settings, values: values)
            recordings.append(recording)
            return recording
        }
    }

    /// Asks a running `run` to end after the current tick (d3's `stop`).
    public func stop() {
        stopRequested = true
    }

    /// Clears a pending stop (d3's `restart`; there is no timer to start).
    public func restart() {
        stopRequested = false
    }
}
