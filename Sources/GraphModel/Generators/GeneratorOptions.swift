/// Reads and checks the numeric options of a generator, naming the generator and option in errors.
struct GeneratorOptions {
    /// The generator kind, for messages.
    let kind: String
    /// The options given.
    let values: [String: Double]

    /// The kind's parameters, by name.
    private let parameters: [String: GeneratorParameter]

    /// Options for a kind, each checked against its declaration (`GraphGenerator.parameters`): an option the kind
    /// does not take, a value out of its range or not whole where it must be is an error.
    init(kind: GraphGenerator, values: [String: Double]) throws {
        self.kind = kind.rawValue
        self.values = values
        parameters = Dictionary(uniqueKeysWithValues: kind.parameters.map { ($0.name, $0) })
        if let unknown = values.keys.sorted().first(where: { parameters[$0] == nil }) {
            if parameters.isEmpty { throw GraphError("\(kind.rawValue): takes no options, got '\(unknown)'") }
            throw GraphError("\(kind.rawValue): unknown option '\(unknown)' (takes \(parameters.keys.sorted().joined(separator: ", ")))")
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let parameter = parameters[name]!
            guard parameter.range.contains(value), !parameter.isWhole || value == value.rounded() else {
                let whole = parameter.isWhole ? "a whole number" : "a number"
                let range = parameter.range.upperBound == .infinity ? "≥ \(NumberText.format(parameter.range.lowerBound))"
                    : "from \(NumberText.format(parameter.range.lowerBound)) to \(NumberText.format(parameter.range.upperBound))"
                throw GraphError("\(kind.rawValue): option '\(name)' must be \(whole) \(range), got \(NumberText.format(value))")
            }
        }
    }

    /// True when an option was given.
    func has(_ key: String) -> Bool { values[key] != nil }

    /// The value of parameter `key`, or its default; a required one (or one without a default) not given is an error.
    private func value(_ key: String) throws -> Double {
        guard let parameter = parameters[key] else { preconditionFailure("\(kind): '\(key)' is read but not declared") }
        guard let value = values[key] ?? parameter.fallback else { throw GraphError("\(kind): option '\(key)' is required") }
        return value
    }

    /// A whole-number parameter (at most 1e9: larger counts are more than a generator builds).
    func count(_ key: String) throws -> Int {
        let value = try value(key)
        guard value <= 1e9 else { throw GraphError("\(kind): option '\(key)' must be at most 1e9, got \(NumberText.format(value))") }
        return Int(value)
    }

    /// The most nodes a generator builds (a node takes about 300 bytes in the graph store, so 3 GB).
    static let nodeLimit = 10_000_000.0
    /// The most edges, about, a generator builds (or that much work).
    static let edgeLimit = 20_000_000.0

    /// Fails when a graph of `nodes` nodes and about `edges` edges (or that much work) is more than generators build.
    func checkSize(nodes: Double, edges: Double) throws {
        guard nodes <= Self.nodeLimit, edges <= Self.edgeLimit else {
            throw GraphError(
                "\(kind): \(NumberText.format(nodes.rounded())) nodes and about \(NumberText.format(edges.rounded())) edges "
                    + "are more than a generator builds (at most 1e7 nodes and 2e7 edges)")
        }
        try MemoryRequest.check(Int(nodes * Self.bytesPerNode + edges * Self.bytesPerEdge),
                                for: "\(NumberText.format(nodes.rounded())) nodes and about \(NumberText.format(edges.rounded())) edges")
    }

    /// About what a generated node and edge take while the graph is built (the store's records and indexes, and the
    /// generator's own lists), as measured on graphs of 10^5 to 4·10^5 nodes with two edges each.
    static let bytesPerNode = 400.0, bytesPerEdge = 300.0

    /// A probability parameter.
    func probability(_ key: String) throws -> Double {
        try value(key)
    }

    /// The seed of d3's LCG.
    func seed() throws -> UInt32 {
        UInt32(try value("seed"))
    }
}
