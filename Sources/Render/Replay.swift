import GraphModel

/// Writes a recorded simulation as one self-contained HTML page that plays it back.
public struct Replay {
    /// A recording: nodes, edges, the node positions (and fixed nodes) at each recorded tick, and alpha and energy.
    public struct Recording {
        /// Node ids, shown on hover.
        public var ids: [String]
        /// Per-node data as text, shown on hover; empty for none.
        public var data: [String]
        /// Per-node group keys that pick node colours; empty for one colour.
        public var groups: [String?]
        /// Edges as node index pairs.
        public var edges: [(Int, Int)]
        /// The positions of every node, one array per recorded tick.
        public var frames: [[SIMD2<Double>]]
        /// The tick number of each frame; empty numbers them 0, 1, 2, ….
        public var ticks: [Int]
        /// The nodes as a per-node style sees them (id and data fields, in the order of `ids`); empty: the ids alone.
        public var styledNodes: [GraphScene.Node] = []
        /// The edges as a per-edge style sees them (id and data fields, in the order of `edges`); empty: no fields.
        public var styledEdges: [GraphScene.Edge] = []
        /// The fixed nodes of each frame, by index; empty for none.
        public var fixed: [[Int]] = []
        /// Alpha and kinetic energy by tick, shown beside the slider and plotted; empty for none.
        public var cooling: [(tick: Int, alpha: Double, energy: Double)] = []

        /// Makes a recording.
        public init(ids: [String], data: [String] = [], groups: [String?] = [], edges: [(Int, Int)],
                    frames: [[SIMD2<Double>]], ticks: [Int] = []) {
            self.ids = ids
            self.data = data
            self.groups = groups
            self.edges = edges
            self.frames = frames
            self.ticks = ticks
        }
    }

    /// Options for the replay page.
    public struct Options {
        /// The page title and heading.
        public var title: String = "forcelab replay"
        /// Frames shown per second while playing.
        public var framesPerSecond: Double = 30
        /// Node radius in screen pixels: one for every node, one per node, or a numeric node data field.
        public var nodeRadius: StyleValue<Double> = .constant(4)
        /// Edge width in screen pixels: one for every edge, one per edge, or a numeric edge data field.
        public var edgeWidth: StyleValue<Double> = .constant(1)
        /// Colours for groups.
        public var palette: [String] = Palette.tableau10

        /// Accepted frame rates: the page keeps two decimals, so 0.01 is the slowest that is not written as 0.
        public static let framesPerSecondRange: ClosedRange<Double> = 0.01...1000
        /// Accepted node radii.
        public static let nodeRadiusRange: ClosedRange<Double> = 0.01...1000
        /// Accepted edge widths.
        public static let edgeWidthRange: ClosedRange<Double> = 0...1000

        /// Options with every default.
        public init() {}

        /// The range a numeric option must lie in, for readers that check options by key path (the Lua options).
        public static func range(of option: PartialKeyPath<Options>) -> ClosedRange<Double>? {
            switch option {
            case \.framesPerSecond: framesPerSecondRange
            default: nil
            }
        }
    }

    /// The recording to play.
    public var recording: Recording
    /// How to present it.
    public var options: Options

    /// Makes a replay page for `recording`.
    public init(recording: Recording, options: Options = Options()) {
        self.recording = recording
        self.options = options
    }

    /// Writes the page to `path` atomically; `check` as for `html(check:)` (when it throws, nothing is written).
    public func write(to path: String, check: @escaping (Int) throws -> Void = { _ in }) throws {
        try AtomicFile.write(try html(check: check), to: path)
    }

    /// Throws when the parts of the recording disagree in size or hold non-finite numbers, or an option is out of
    /// range; returns each node's radius and each edge's width.
    func validate() throws -> (radii: [Double], widths: [Double]) {
        let r = recording, n = r.ids.count
        guard !r.frames.isEmpty else { throw RenderError("a replay needs at least one frame") }
        if let k = r.frames.firstIndex(where: { $0.count != n }) {
            throw RenderError("frame \(k + 1) has \(r.frames[k].count) positions but there are \(n) nodes")
        }
        if r.frames.contains(where: { $0.contains { !$0.x.isFinite || !$0.y.isFinite } }) {
            throw RenderError("a frame holds a position that is not a finite number")
        }
        guard r.data.isEmpty || r.data.count == n else { throw RenderError("data has \(r.data.count) entries but there are \(n) nodes") }
        guard r.groups.isEmpty || r.groups.count == n else { throw RenderError("groups has \(r.groups.count) entries but there are \(n) nodes") }
        guard r.ticks.isEmpty || r.ticks.count == r.frames.count else {
            throw RenderError("ticks has \(r.ticks.count) entries but there are \(r.frames.count) frames")
        }
        if let bad = r.edges.firstIndex(where: { !(0..<n).contains($0.0) || !(0..<n).contains($0.1) }) {
            throw RenderError("edge \(bad + 1) joins \(r.edges[bad].0) and \(r.edges[bad].1), but there are \(n) nodes")
        }
        guard r.styledNodes.isEmpty || r.styledNodes.count == n else {
            throw RenderError("styledNodes has \(r.styledNodes.count) entries but there are \(n) nodes")
        }
        guard r.styledEdges.isEmpty || r.styledEdges.count == r.edges.count else {
            throw RenderError("styledEdges has \(r.styledEdges.count) entries but there are \(r.edges.count) edges")
        }
        guard r.fixed.isEmpty || r.fixed.count == r.frames.count else {
            throw RenderError("fixed has \(r.fixed.count) entries but there are \(r.frames.count) frames")
        }
        if r.fixed.contains(where: { $0.contains { !(0..<n).contains($0) } }) { throw RenderError("a fixed node index is not one of the \(n) nodes") }
        if r.cooling.contains(where: { !$0.alpha.isFinite || !$0.energy.isFinite }) {
            throw RenderError("an alpha or energy is not a finite number")
        }
        let nodes = r.styledNodes.isEmpty ? r.ids.map { GraphScene.Node(id: $0, x: 0, y: 0) } : r.styledNodes
        let edges = r.styledEdges.isEmpty ? r.edges.map { GraphScene.Edge(source: $0.0, target: $0.1) } : r.styledEdges
        let radii = try options.nodeRadius.numbers(for: nodes, option: "radius")
        let widths = try options.edgeWidth.numbers(for: edges, option: "edgeWidth")
        try StyleNumbers.check([("framesPerSecond", options.framesPerSecond, Options.framesPerSecondRange)]
            + radii.map { ("radius", $0, Options.nodeRadiusRange) } + widths.map { ("edgeWidth", $0, Options.edgeWidthRange) })
        try Palette.check(options.palette)
        return (radii, widths)
    }

    /// The recording, checked by `validate`, as one JSON object (numbers rounded to two decimals), charging `meter`
    /// one unit per position.
    func json(meter: WorkMeter) throws -> String {
        let r = recording, (radii, widths) = try validate()
        let groups = r.groups.isEmpty ? Array(repeating: nil, count: r.ids.count) : r.groups
        let colouring = GroupColouring(keys: groups, palette: options.palette)
        let frames = try r.frames.map { frame in
            try meter.charge(frame.count)
            return JSONText.numbers(frame.flatMap { [$0.x, $0.y] })
        }
        let ticks = r.ticks.isEmpty ? Array(r.frames.indices) : r.ticks
        let fields = [
            ("title", JSONText.string(options.title)),
            ("ids", JSONText.strings(r.ids)),
            ("data", JSONText.strings(r.data.isEmpty ? Array(repeating: "", count: r.ids.count) : r.data)),
            ("colours", JSONText.strings(colouring.colours)),
            ("legend", "[" + colouring.entries.map { "[\(JSONText.string($0.name)),\(JSONText.string($0.colour))]" }.joined(separator: ",") + "]"),
            ("edges", "[" + r.edges.map { "\($0.0),\($0.1)" }.joined(separator: ",") + "]"),
            ("ticks", "[" + ticks.map(String.init).joined(separator: ",") + "]"),
            ("fps", SVGWriter.number(options.framesPerSecond)),
            ("radii", JSONText.numbers(radii)),
            ("widths", JSONText.numbers(widths)),
            ("fixed", "[" + (r.fixed.isEmpty ? Array(repeating: [], count: r.frames.count) : r.fixed)
                .map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]"),
            ("cooling", "{\"ticks\":[" + r.cooling.map { String($0.tick) }.joined(separator: ",") + "],\"alpha\":"
                + JSONText.figures(r.cooling.map(\.alpha)) + ",\"energy\":" + JSONText.figures(r.cooling.map(\.energy)) + "}"),
            ("frames", "[\n" + frames.joined(separator: ",\n") + "\n]"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",\n") + "}"
    }

    /// The page as HTML text: inline style, script and data, nothing loaded from elsewhere. `check` is called with
    /// the units of work done (one per node position in a frame), every few thousand, and may throw to stop (a time
    /// or work limit).
    public func html(check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        let meter = WorkMeter(check)
        let json = try json(meter: meter)
        try meter.flush()
        return ReplayPage.html(title: XMLText.escape(options.title, .picture), json: json)
    }
}
