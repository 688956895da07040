/// Reads and checks the numeric options of a generator, naming the generator and option in errors.
struct GeneratorOptions {
    /// The generator kind, for messages.
    let kind: String
    /// The options given.
    let values: [String: Double]

    /// Options for a kind; an option the kind does not take is an error.
    init(kind: String, values: [String: Double], allowed: Set<String>) throws {
        self.kind = kind
        self.values = values
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            if allowed.isEmpty { throw GraphError("\(kind): takes no options, got '\(unknown)'") }
            throw GraphError("\(kind): unknown option '\(unknown)' (takes \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// True when an option was given.
    func has(_ key: String) -> Bool { values[key] != nil }

    /// A whole-number option at least `minimum`; without a default it is required.
    func count(_ key: String, default fallback: Int? = nil, minimum: Int = 0) throws -> Int {
        guard let value = values[key] else {
            guard let fallback else { throw GraphError("\(kind): option '\(key)' is required") }
            return fallback
        }
        guard value.isFinite, value == value.rounded(), value >= Double(minimum), value <= 1e9 else {
            throw GraphError("\(kind): option '\(key)' must be a whole number ≥ \(minimum), got \(NumberText.format(value))")
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

    /// A probability option in [0, 1]; without a default it is required.
    func probability(_ key: String, default fallback: Double? = nil) throws -> Double {
        guard let value = values[key] ?? fallback else { throw GraphError("\(kind): option '\(key)' is required") }
        guard value >= 0, value <= 1 else {
            throw GraphError("\(kind): option '\(key)' must be between 0 and 1, got \(NumberText.format(value))")
        }
        return value
    }

    /// The seed option (default `GraphGenerator.defaultSeed`), a whole number in 0 ..< 2^32.
    func seed() throws -> UInt32 {
        let value = values["seed"] ?? Double(GraphGenerator.defaultSeed)
        guard value == value.rounded(), value >= 0, value < 4_294_967_296 else {
            throw GraphError("\(kind): option 'seed' must be a whole number in 0 ..< 2^32")
        }
        return UInt32(value)
    }
}
