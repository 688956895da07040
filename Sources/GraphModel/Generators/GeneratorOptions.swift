/// Reads and checks the typed parameters of a generator, naming the generator and parameter in errors.
struct GeneratorOptions {
    /// The generator kind, for messages.
    let kind: String
    /// The parameters given.
    let given: GeneratorParameters

    /// The kind's parameters.
    private let parameters: [GeneratorParameter]

    /// Parameters for a kind, each checked against its declaration (`GraphGenerator.parameters`): a parameter the
    /// kind does not take, or a value out of its range, is an error.
    init(kind: GraphGenerator, parameters given: GeneratorParameters) throws {
        self.kind = kind.rawValue
        self.given = given
        parameters = kind.parameters
        let names = parameters.map(\.name)
        let unknown = GraphGenerator.everyParameter.filter { !names.contains($0.name) && $0.value(in: given) != nil }.map(\.name)
        if let unknown = unknown.sorted().first {
            if parameters.isEmpty { throw GraphError("\(kind.rawValue): takes no options, got '\(unknown)'") }
            throw GraphError("\(kind.rawValue): unknown option '\(unknown)' (takes \(names.sorted().joined(separator: ", ")))")
        }
        for parameter in parameters.sorted(by: { $0.name < $1.name }) {
            guard let value = parameter.value(in: given), !parameter.range.contains(value) else { continue }
            let whole = parameter.isWhole ? "a whole number" : "a number"
            let range = parameter.range.upperBound == .infinity ? "≥ \(NumberText.format(parameter.range.lowerBound))"
                : "from \(NumberText.format(parameter.range.lowerBound)) to \(NumberText.format(parameter.range.upperBound))"
            throw GraphError("\(kind.rawValue): option '\(parameter.name)' must be \(whole) \(range), got \(NumberText.format(value))")
        }
    }

    /// True when the parameter held in `property` was given.
    func has(_ property: PartialKeyPath<GeneratorParameters>) -> Bool {
        declaration(property).value(in: given) != nil
    }

    /// The kind's declaration of the parameter held in `property`; reading one the kind does not declare is a
    /// programming error.
    private func declaration(_ property: PartialKeyPath<GeneratorParameters>) -> GeneratorParameter {
        guard let parameter = parameters.first(where: { $0.property.keyPath == property }) else {
            preconditionFailure("\(kind): \(property) is read but not declared")
        }
        return parameter
    }

    /// The value of the parameter held in `property`, or its default; a required one (or one without a default)
    /// not given is an error.
    private func value(_ property: PartialKeyPath<GeneratorParameters>) throws -> Double {
        let parameter = declaration(property)
        guard let value = parameter.value(in: given) ?? parameter.fallback else {
            throw GraphError("\(kind): option '\(parameter.name)' is required")
        }
        return value
    }

    /// A whole-number parameter (at most 1e9: larger counts are more than a generator builds).
    func count(_ property: WritableKeyPath<GeneratorParameters, Int?>) throws -> Int {
        let value = try value(property)
        guard value <= 1e9 else {
            throw GeneratorOptionError(kind, option: declaration(property).name, "at most 1e9 expected, got \(NumberText.format(value))")
        }
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
    func probability(_ property: WritableKeyPath<GeneratorParameters, Double?>) throws -> Double {
        try value(property)
    }

    /// The seed of d3's LCG.
    func seed() throws -> UInt32 {
        UInt32(try value(\GeneratorParameters.seed))
    }
}
