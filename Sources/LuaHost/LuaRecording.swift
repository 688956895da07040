import ForceSimulation
import GraphModel
import Render

/// What `sim:record{...}` collects after every tick: alpha, kinetic energy, custom values and position frames.
final class LuaRecording {
    /// The node ids, groups and data text at the start, and the edges by node index.
    let ids: [String]
    let groups: [String?]
    let dataText: [String]
    let edges: [(Int, Int)]
    /// Whether position frames are kept, and every how many ticks.
    let keepsFrames: Bool
    let every: Int
    /// Custom series: name and the registry reference of a function(sim) returning a number.
    let custom: [(name: String, reference: LuaReference)]
    /// Tick numbers of the recorded rows.
    private(set) var ticks: [Int] = []
    private(set) var values: [String: [Double]] = [:]
    private(set) var frames: [[SIMD2<Double>]] = []
    private(set) var frameTicks: [Int] = []
    /// Whether it still records.
    var isRecording = true

    init(graph: Graph, nodeIds: [String], keepsFrames: Bool, every: Int, custom: [(name: String, reference: LuaReference)]) {
        ids = nodeIds
        let nodes = nodeIds.map { graph.node($0) }
        groups = nodes.map { $0?.data["group"]?.text }
        dataText = nodes.map { node in
            guard let node, !node.data.isEmpty else { return "" }
            return node.data.keys.sorted().map { "\($0): \(node.data[$0]!.text)" }.joined(separator: ", ")
        }
        var index: [String: Int] = [:]
        for (i, id) in nodeIds.enumerated() { index[id] = i }
        edges = graph.edges.compactMap { edge in index[edge.source].flatMap { s in index[edge.target].map { (s, $0) } } }
        self.keepsFrames = keepsFrames
        self.every = max(1, every)
        self.custom = custom
    }

    /// The names of the series, built-in first.
    var seriesNames: [String] { ["alpha", "energy"] + custom.map(\.name) }

    /// One recorded series.
    func series(_ name: String) -> [Double]? { values[name] }

    /// Records the state after tick `tick`; `customValues` are the custom series' values in order.
    func record(tick: Int, kinetics: Kinetics, customValues: [Double]) throws {
        guard isRecording else { return }
        guard !keepsFrames || kinetics.count == ids.count else {
            isRecording = false
            throw GraphError("the graph changed from \(ids.count) to \(kinetics.count) nodes during a recording, which stops it; start a new one")
        }
        ticks.append(tick)
        values["alpha", default: []].append(kinetics.alpha)
        var energy = 0.0
        for i in 0..<kinetics.count {
            energy += kinetics.vx[i] * kinetics.vx[i] + kinetics.vy[i] * kinetics.vy[i]
            if kinetics.dimensions == 3 { energy += kinetics.vz[i] * kinetics.vz[i] }
        }
        values["energy", default: []].append(energy / 2)
        for (entry, value) in zip(custom, customValues) { values[entry.name, default: []].append(value) }
        guard keepsFrames, (tick - 1) % every == 0 || frames.isEmpty else { return }
        frames.append((0..<kinetics.count).map { SIMD2(kinetics.x[$0], kinetics.y[$0]) })
        frameTicks.append(tick)
    }

    /// The recording as the HTML replay takes it.
    var replay: Replay.Recording {
        Replay.Recording(ids: ids, data: dataText, groups: groups, edges: edges, frames: frames, ticks: frameTicks)
    }
}
