/// One parameter of a generator, declared once: its name, the typed property it is held in, the range it must lie
/// in, its default, whether it must be given and one line of doc. `Graph.generate` checks the values it is given
/// against these, and `fl.graph.generate`'s options are made from them.
public struct GeneratorParameter: Sendable {
    /// The property of `GeneratorParameters` a parameter is held in, by its type.
    public enum Property: Sendable {
        /// A whole number.
        case count(WritableKeyPath<GeneratorParameters, Int?> & Sendable)
        /// A number (a chance).
        case number(WritableKeyPath<GeneratorParameters, Double?> & Sendable)
        /// A seed of d3's LCG.
        case seed(WritableKeyPath<GeneratorParameters, UInt32?> & Sendable)

        /// The key path, whatever its type.
        var keyPath: PartialKeyPath<GeneratorParameters> {
            switch self {
            case .count(let path): path
            case .number(let path): path
            case .seed(let path): path
            }
        }
    }

    /// The name (`n`, `seed`).
    public let name: String
    /// Where the value is held.
    public let property: Property
    /// The range it must lie in (an upper bound of infinity: none).
    public let range: ClosedRange<Double>
    /// The value when it is not given; nil when it has none (it is required, or the generator does without).
    public let fallback: Double?
    /// Whether it must be given.
    public let isRequired: Bool
    /// One line of doc.
    public let doc: String

    /// Whether it is a whole number.
    public var isWhole: Bool {
        if case .number = property { return false }
        return true
    }

    /// The value given in `parameters`, or nil.
    func value(in parameters: GeneratorParameters) -> Double? {
        switch property {
        case .count(let path): parameters[keyPath: path].map(Double.init)
        case .number(let path): parameters[keyPath: path]
        case .seed(let path): parameters[keyPath: path].map(Double.init)
        }
    }

    /// A whole-number parameter of at least `minimum`.
    static func count(
        _ name: String, _ property: WritableKeyPath<GeneratorParameters, Int?> & Sendable, from minimum: Double = 0,
        default fallback: Int? = nil, required: Bool = false, _ doc: String
    ) -> Self {
        Self(name: name, property: .count(property), range: minimum...Double.infinity, fallback: fallback.map(Double.init),
             isRequired: required, doc: doc)
    }

    /// A chance, from 0 to 1.
    static func probability(
        _ name: String, _ property: WritableKeyPath<GeneratorParameters, Double?> & Sendable, required: Bool = false, _ doc: String
    ) -> Self {
        Self(name: name, property: .number(property), range: 0...1, fallback: nil, isRequired: required, doc: doc)
    }

    /// The seed of d3's LCG, a whole number in 0 ..< 2^32 (default `GraphGenerator.defaultSeed`).
    static let seed = Self(
        name: "seed", property: .seed(\.seed), range: 0...Double(UInt32.max), fallback: Double(GraphGenerator.defaultSeed),
        isRequired: false, doc: "seed of d3's LCG")
}

extension GraphGenerator {
    /// The parameters the kind takes, in the docs' order.
    public var parameters: [GeneratorParameter] {
        switch self {
        case .recursive: [.count("n", \.n, required: true, "nodes"), .seed]
        case .grid: [.count("rows", \.rows, required: true, "rows"), .count("columns", \.columns, required: true, "columns")]
        case .ladder: [.count("rungs", \.rungs, required: true, "rungs (the ladder has twice as many nodes)")]
        case .tree:
            [.count("n", \.n, required: true, "nodes"), .count("branching", \.branching, from: 1, default: GraphGenerator.defaultBranching, "children per node")]
        case .erdosRenyi:
            [
                .count("n", \.n, required: true, "nodes"), .probability("p", \.p, "the chance of each edge (give p or m)"),
                .count("m", \.m, "the number of edges, drawn uniformly (give p or m)"), .seed,
            ]
        case .barabasiAlbert: [.count("n", \.n, required: true, "nodes"), .count("m", \.m, from: 1, required: true, "edges from each new node"), .seed]
        case .stochasticBlock:
            [
                .count("clusters", \.clusters, from: 1, required: true, "clusters; nodes get `data.group`"),
                .count("size", \.size, "nodes per cluster (give size or n)"),
                .count("n", \.n, "nodes in all, shared out as evenly as can be (give size or n)"),
                .probability("pIn", \.pIn, required: true, "the chance of each edge within a cluster"),
                .probability("pOut", \.pOut, required: true, "the chance of each edge across clusters"), .seed,
            ]
        case .miserables: []
        }
    }

    /// Every parameter some kind takes, once each, for the check that a kind is given only its own.
    static let everyParameter: [GeneratorParameter] = allCases.flatMap(\.parameters).reduce(into: []) { found, parameter in
        if !found.contains(where: { $0.name == parameter.name }) { found.append(parameter) }
    }
}
