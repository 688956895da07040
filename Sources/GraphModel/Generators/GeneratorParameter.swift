/// One parameter of a generator, declared once: its name, whether it is a whole number, the range it must lie in,
/// its default, whether it must be given and one line of doc. `Graph.generate` checks the values it is given against
/// these, and `fl.graph.generate`'s options are made from them.
public struct GeneratorParameter: Sendable {
    /// The name (`n`, `seed`).
    public let name: String
    /// Whether it is a whole number.
    public let isWhole: Bool
    /// The range it must lie in (an upper bound of infinity: none).
    public let range: ClosedRange<Double>
    /// The value when it is not given; nil when it has none (it is required, or the generator does without).
    public let fallback: Double?
    /// Whether it must be given.
    public let isRequired: Bool
    /// One line of doc.
    public let doc: String

    /// A whole-number parameter of at least `minimum`.
    static func count(_ name: String, from minimum: Double = 0, default fallback: Int? = nil, required: Bool = false, _ doc: String) -> Self {
        Self(name: name, isWhole: true, range: minimum...Double.infinity, fallback: fallback.map(Double.init), isRequired: required, doc: doc)
    }

    /// A chance, from 0 to 1.
    static func probability(_ name: String, required: Bool = false, _ doc: String) -> Self {
        Self(name: name, isWhole: false, range: 0...1, fallback: nil, isRequired: required, doc: doc)
    }

    /// The seed of d3's LCG, a whole number in 0 ..< 2^32 (default `GraphGenerator.defaultSeed`).
    static let seed = Self(
        name: "seed", isWhole: true, range: 0...Double(UInt32.max), fallback: Double(GraphGenerator.defaultSeed), isRequired: false,
        doc: "seed of d3's LCG")
}

extension GraphGenerator {
    /// The parameters the kind takes, in the docs' order.
    public var parameters: [GeneratorParameter] {
        switch self {
        case .recursive: [.count("n", required: true, "nodes"), .seed]
        case .grid: [.count("rows", required: true, "rows"), .count("columns", required: true, "columns")]
        case .ladder: [.count("rungs", required: true, "rungs (the ladder has twice as many nodes)")]
        case .tree: [.count("n", required: true, "nodes"), .count("branching", from: 1, default: GraphGenerator.defaultBranching, "children per node")]
        case .erdosRenyi:
            [
                .count("n", required: true, "nodes"), .probability("p", "the chance of each edge (give p or m)"),
                .count("m", "the number of edges, drawn uniformly (give p or m)"), .seed,
            ]
        case .barabasiAlbert: [.count("n", required: true, "nodes"), .count("m", from: 1, required: true, "edges from each new node"), .seed]
        case .stochasticBlock:
            [
                .count("clusters", from: 1, required: true, "clusters; nodes get `data.group`"),
                .count("size", "nodes per cluster (give size or n)"),
                .count("n", "nodes in all, shared out as evenly as can be (give size or n)"),
                .probability("pIn", required: true, "the chance of each edge within a cluster"),
                .probability("pOut", required: true, "the chance of each edge across clusters"), .seed,
            ]
        case .miserables: []
        }
    }
}
