/// The single generator entry point the Lua binding calls.
extension Graph {
    /// The generator kinds `generate` knows.
    public static let generatorKinds = [
        "recursive", "grid", "tree", "erdosRenyi", "barabasiAlbert", "stochasticBlock", "miserables",
    ]

    /// Builds a generated graph by kind name (case, "-" and "_" ignored) from numeric options:
    /// recursive {n, seed}, grid {rows, columns}, tree {n, branching = 2}, erdosRenyi {n, p | m, seed},
    /// barabasiAlbert {n, m, seed}, stochasticBlock {clusters, size | n, pIn, pOut, seed}, miserables {}.
    public static func generate(kind: String, options: [String: Double] = [:]) throws -> Graph {
        let key = kind.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let name = generatorKinds.first(where: { $0.lowercased() == key }) else {
            throw GraphError("unknown graph kind '\(kind)' (known: \(generatorKinds.joined(separator: ", ")))")
        }
        func read(_ allowed: Set<String>) throws -> GeneratorOptions {
            try GeneratorOptions(kind: name, values: options, allowed: allowed)
        }
        switch name {
        case "recursive":
            let options = try read(["n", "seed"])
            return recursive(n: try options.count("n"), seed: try options.seed())
        case "grid":
            let options = try read(["rows", "columns"])
            return grid(rows: try options.count("rows"), columns: try options.count("columns"))
        case "tree":
            let options = try read(["n", "branching"])
            return tree(n: try options.count("n"), branching: try options.count("branching", default: 2, minimum: 1))
        case "erdosRenyi":
            let options = try read(["n", "p", "m", "seed"])
            let n = try options.count("n")
            guard options.has("p") != options.has("m") else { throw GraphError("erdosRenyi: give either p or m") }
            if options.has("p") { return erdosRenyi(n: n, p: try options.probability("p"), seed: try options.seed()) }
            return try erdosRenyi(n: n, m: try options.count("m"), seed: try options.seed())
        case "barabasiAlbert":
            let options = try read(["n", "m", "seed"])
            return try barabasiAlbert(n: try options.count("n"), m: try options.count("m", minimum: 1), seed: try options.seed())
        case "stochasticBlock":
            let options = try read(["clusters", "size", "n", "pIn", "pOut", "seed"])
            let clusters = try options.count("clusters", minimum: 1)
            guard options.has("size") != options.has("n") else {
                throw GraphError("stochasticBlock: give either size (per cluster) or n (in all)")
            }
            let sizes: [Int]
            if options.has("size") {
                sizes = Array(repeating: try options.count("size"), count: clusters)
            } else {
                let n = try options.count("n")
                sizes = (0..<clusters).map { n / clusters + ($0 < n % clusters ? 1 : 0) }
            }
            return stochasticBlock(
                sizes: sizes, pIn: try options.probability("pIn"), pOut: try options.probability("pOut"),
                seed: try options.seed())
        default:
            _ = try read([])
            return miserables()
        }
    }
}
