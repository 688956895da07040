import ForceSimulation
import GraphModel

/// What a layout records after every tick: alpha, kinetic energy, custom values and node positions (with the fixed
/// nodes); the frames start with the state when the recording began (tick 0 of the replay) and always end with the
/// latest tick.
public final class LayoutRecording {
    /// What a recording keeps, with the defaults.
    public struct Settings: Sendable {
        /// Whether position frames are kept (for a replay).
        public var keepsFrames = true
        /// Frames are kept every this many ticks.
        public var every = 1

        /// The defaults.
        public init() {}

        /// The range a numeric setting must lie in, for readers that check settings by key path (the Lua options).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            setting == \Settings.every ? 1...Double.infinity : nil
        }
    }

    /// The node ids when the recording began, in engine order.
    public let ids: [String]
    /// Each node's `group` data field as text, if any.
    public let groups: [String?]
    /// Each node's data as one line of text (`key: value, ...`).
    public let dataText: [String]
    /// The edges by node index.
    public let edges: [(Int, Int)]
    /// The id of each edge of `edges`.
    public let edgeIds: [String]
    /// The graph recorded, for styles read from its nodes' and edges' data.
    public let graph: Graph
    /// Alpha and kinetic energy when the recording began (before the first recorded tick).
    public let start: (alpha: Double, energy: Double)
    /// Whether position frames are kept.
    public let keepsFrames: Bool
    /// Frames are kept every this many ticks.
    public let every: Int
    /// Custom series: a name and the function giving the value after each tick.
    public let values: [(name: String, value: () throws -> Double)]
    /// Tick numbers of the recorded rows.
    public private(set) var ticks: [Int] = []
    private var series: [String: [Double]] = [:]
    private var keptFrames: [[SIMD2<Double>]] = []
    private var keptFrameTicks: [Int] = []
    private var keptFixed: [[Int]] = []
    /// The positions and fixed nodes after the latest recorded tick, when that tick's frame was not kept.
    private var latest: (tick: Int, positions: [SIMD2<Double>], fixed: [Int])?
    /// Whether it still records.
    public private(set) var isRecording = true

    init(layout: GraphLayout, settings: Settings, values: [(name: String, value: () throws -> Double)]) {
        let graph = layout.graph
        ids = layout.nodeIds
        let nodes = ids.map { graph.node($0) }
        groups = nodes.map { $0?.data["group"]?.text }
        dataText = nodes.map { node in
            guard let node, !node.data.isEmpty else { return "" }
            return node.data.keys.sorted().map { "\($0): \(node.data[$0]!.text)" }.joined(separator: ", ")
        }
        let joined = graph.edges.compactMap { edge in
            layout.index(of: edge.source).flatMap { s in layout.index(of: edge.target).map { (edge.id, s, $0) } }
        }
        edges = joined.map { ($0.1, $0.2) }
        edgeIds = joined.map(\.0)
        self.graph = graph
        let kinetics = layout.simulation.kinetics
        start = (kinetics.alpha, LayoutRecording.energy(kinetics))
        keepsFrames = settings.keepsFrames
        every = max(1, settings.every)
        self.values = values
        if keepsFrames {
            keptFrames.append(LayoutRecording.positions(kinetics))
            keptFrameTicks.append(layout.ticksDone)
            keptFixed.append(LayoutRecording.fixed(kinetics))
        }
    }

    /// The names of the series, built-in first.
    public var seriesNames: [String] { ["alpha", "energy"] + values.map(\.name) }

    /// One recorded series, a value per recorded tick.
    public func series(_ name: String) -> [Double]? {
        seriesNames.contains(name) ? series[name] ?? [] : nil
    }

    /// The kept frames, the latest tick's included: positions by node index.
    public var frames: [[SIMD2<Double>]] { keptFrames + (latest.map { [$0.positions] } ?? []) }

    /// The tick of each frame.
    public var frameTicks: [Int] { keptFrameTicks + (latest.map { [$0.tick] } ?? []) }

    /// The fixed nodes (with `fx` or `fy`) of each frame, by node index.
    public var frameFixed: [[Int]] { keptFixed + (latest.map { [$0.fixed] } ?? []) }

    /// Stops recording.
    public func stop() {
        isRecording = false
    }

    /// Records the state after tick `tick`; custom values are computed with the layout open to calls.
    func record(tick: Int, kinetics: Kinetics, layout: GraphLayout) throws {
        guard !keepsFrames || kinetics.count == ids.count else {
            isRecording = false
            throw LayoutError.nodeSetChangedDuringRecording(from: ids.count, to: kinetics.count)
        }
        var custom: [Double] = []
        if !values.isEmpty { try layout.idle { custom = try values.map { try $0.value() } } }
        ticks.append(tick)
        series["alpha", default: []].append(kinetics.alpha)
        series["energy", default: []].append(LayoutRecording.energy(kinetics))
        for (entry, value) in zip(values, custom) { series[entry.name, default: []].append(value) }
        guard keepsFrames else { return }
        let positions = LayoutRecording.positions(kinetics), fixed = LayoutRecording.fixed(kinetics)
        if (tick - keptFrameTicks[0]) % every == 0 {
            keptFrames.append(positions)
            keptFrameTicks.append(tick)
            keptFixed.append(fixed)
            latest = nil
        } else {
            latest = (tick, positions, fixed)
        }
    }

    /// The kinetic energy: half the sum of the squared speeds.
    private static func energy(_ kinetics: Kinetics) -> Double {
        var energy = 0.0
        for i in 0..<kinetics.count {
            energy += kinetics.vx[i] * kinetics.vx[i] + kinetics.vy[i] * kinetics.vy[i]
            if kinetics.dimensions == 3 { energy += kinetics.vz[i] * kinetics.vz[i] }
        }
        return energy / 2
    }

    /// The nodes with a fixed coordinate.
    private static func fixed(_ kinetics: Kinetics) -> [Int] {
        (0..<kinetics.count).filter { !kinetics.fx[$0].isNaN || !kinetics.fy[$0].isNaN || (kinetics.dimensions == 3 && !kinetics.fz[$0].isNaN) }
    }

    private static func positions(_ kinetics: Kinetics) -> [SIMD2<Double>] {
        (0..<kinetics.count).map { SIMD2(kinetics.x[$0], kinetics.y[$0]) }
    }
}
