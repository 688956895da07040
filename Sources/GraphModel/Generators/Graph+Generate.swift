/// The single generator entry point the Lua binding calls.
extension Graph {
    /// Builds a generated graph by kind name (case, "-" and "_" ignored) from typed parameters; see
    /// `generate(_:parameters:check:)`.
    public static func generate(
        kind: String, parameters: GeneratorParameters = GeneratorParameters(), check: (Int) throws -> Void = { _ in }
    ) throws -> Graph {
        guard let generator = GraphGenerator(name: kind) else {
            let known = GraphGenerator.allCases.map(\.rawValue).joined(separator: ", ")
            throw GraphError("unknown graph kind '\(kind)' (known: \(known))")
        }
        return try generate(generator, parameters: parameters, check: check)
    }

    /// Builds a generated graph from typed parameters: recursive {n, seed}, grid {rows, columns}, ladder {rungs},
    /// tree {n, branching = 2}, erdosRenyi {n, p | m, seed}, barabasiAlbert {n, m, seed},
    /// stochasticBlock {clusters, size | n, pIn, pOut, seed}, miserables {}. A parameter the kind does not take is an error.
    /// `check` is called with the count of nodes or edges about to be inserted, every few thousand, and may throw to
    /// stop (a time or work limit).
    public static func generate(
        _ generator: GraphGenerator, parameters: GeneratorParameters = GeneratorParameters(), check: (Int) throws -> Void = { _ in }
    ) throws -> Graph {
        let options = try GeneratorOptions(kind: generator, parameters: parameters)
        switch generator {
        case .recursive:
            let n = try options.count(\.n)
            try options.checkSize(nodes: Double(n), edges: 2 * Double(n))
            return try recursive(n: n, seed: try options.seed(), check: check)
        case .grid:
            let rows = try options.count(\.rows), columns = try options.count(\.columns)
            try options.checkSize(nodes: Double(rows) * Double(columns), edges: 2 * Double(rows) * Double(columns))
            return try grid(rows: rows, columns: columns, check: check)
        case .ladder:
            let rungs = try options.count(\.rungs)
            try options.checkSize(nodes: 2 * Double(rungs), edges: 3 * Double(rungs))
            return try ladder(rungs: rungs, check: check)
        case .tree:
            let n = try options.count(\.n)
            try options.checkSize(nodes: Double(n), edges: Double(n))
            return try tree(n: n, branching: try options.count(\.branching), check: check)
        case .erdosRenyi:
            let n = try options.count(\.n)
            guard options.has(\GeneratorParameters.p) != options.has(\GeneratorParameters.m) else { throw GeneratorOptionError("erdosRenyi", option: nil, "give either p or m") }
            if options.has(\GeneratorParameters.p) {
                let p = try options.probability(\.p)
                try options.checkSize(nodes: Double(n), edges: p * Double(n) * Double(n - 1) / 2)
                return try erdosRenyi(n: n, p: p, seed: try options.seed(), check: check)
            }
            let m = try options.count(\.m)
            try options.checkSize(nodes: Double(n), edges: Double(m))
            return try erdosRenyi(n: n, m: m, seed: try options.seed(), check: check)
        case .barabasiAlbert:
            let n = try options.count(\.n), m = try options.count(\.m)
            try options.checkSize(nodes: Double(n), edges: Double(n) * Double(m))
            return try barabasiAlbert(n: n, m: m, seed: try options.seed(), check: check)
        case .stochasticBlock:
            let clusters = try options.count(\.clusters)
            guard options.has(\GeneratorParameters.size) != options.has(\GeneratorParameters.n) else {
                throw GeneratorOptionError("stochasticBlock", option: nil, "give either size (per cluster) or n (in all)")
            }
            let n = options.has(\GeneratorParameters.size) ? Double(try options.count(\.size)) * Double(clusters) : Double(try options.count(\.n))
            let pIn = try options.probability(\.pIn), pOut = try options.probability(\.pOut)
            // Pairs within clusters and across them (expected edges), and the pairs of clusters visited.
            let size = n / Double(clusters), pairs = n * (n - 1) / 2, inside = Double(clusters) * size * (size - 1) / 2
            try options.checkSize(
                nodes: n, edges: pIn * inside + pOut * (pairs - inside) + Double(clusters) * Double(clusters) / 2)
            let sizes: [Int]
            if options.has(\GeneratorParameters.size) {
                sizes = Array(repeating: try options.count(\.size), count: clusters)
            } else {
                let n = try options.count(\.n)
                sizes = (0..<clusters).map { n / clusters + ($0 < n % clusters ? 1 : 0) }
            }
            return try stochasticBlock(sizes: sizes, pIn: pIn, pOut: pOut, seed: try options.seed(), check: check)
        case .miserables:
            return miserables()
        }
    }
}
