import GraphModel

/// Writes a recorded simulation as one self-contained HTML page that plays it back.
public struct Replay {
    /// A recording: nodes, edges and the node positions at each recorded tick.
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
        /// Node radius in screen pixels.
        public var nodeRadius: Double = 4
        /// Colours for groups.
        public var palette: [String] = Palette.tableau10

        /// Accepted frame rates: the page keeps two decimals, so 0.01 is the slowest that is not written as 0.
        public static let framesPerSecondRange: ClosedRange<Double> = 0.01...1000
        /// Accepted node radii.
        public static let nodeRadiusRange: ClosedRange<Double> = 0.01...1000

        /// Options with every default.
        public init() {}
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

    /// Writes the page to `path` atomically.
    public func write(to path: String) throws {
        try AtomicFile.write(try html(), to: path)
    }

    /// Throws when the parts of the recording disagree in size or hold non-finite numbers, or an option is out of range.
    func validate() throws {
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
        try StyleNumbers.check([
            ("framesPerSecond", options.framesPerSecond, Options.framesPerSecondRange),
            ("nodeRadius", options.nodeRadius, Options.nodeRadiusRange),
        ])
        guard !options.palette.isEmpty else { throw RenderError("the palette has no colours") }
    }

    /// The recording as one JSON object (numbers rounded to two decimals).
    func json() -> String {
        let r = recording
        let groups = r.groups.isEmpty ? Array(repeating: nil, count: r.ids.count) : r.groups
        let colouring = GroupColouring(keys: groups, palette: options.palette)
        let frames = r.frames.map { frame in JSONText.numbers(frame.flatMap { [$0.x, $0.y] }) }
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
            ("radius", SVGWriter.number(options.nodeRadius)),
            ("frames", "[\n" + frames.joined(separator: ",\n") + "\n]"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",\n") + "}"
    }

    /// The page as HTML text: inline style, script and data, nothing loaded from elsewhere.
    public func html() throws -> String {
        try validate()
        return ReplayPage.html(title: SVGWriter.escape(options.title), json: json())
    }
}
