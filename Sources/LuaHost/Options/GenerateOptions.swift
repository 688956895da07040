import GraphModel

/// The options of `fl.graph.generate(kind, options)`, one declaration per generator kind.
public enum GenerateOptions {
    /// The declaration for `kind`.
    public static func table(_ kind: GraphGenerator) -> LuaOptionTable {
        tables[kind]!
    }

    /// Every kind's declaration.
    public static let tables: [GraphGenerator: LuaOptionTable] = Dictionary(uniqueKeysWithValues: GraphGenerator.allCases.map { ($0, declare($0)) })

    private static func declare(_ kind: GraphGenerator) -> LuaOptionTable {
        let seed = LuaOption.integer("seed", default: Int(GraphGenerator.defaultSeed), in: 0...Int(UInt32.max), "seed of d3's LCG")
        let options: [LuaOption]
        switch kind {
        case .recursive:
            options = [LuaOption("n", .integer(0...Int.max), default: .required, "nodes"), seed]
        case .grid:
            options = [LuaOption("rows", .integer(0...Int.max), default: .required, "rows"), LuaOption("columns", .integer(0...Int.max), default: .required, "columns")]
        case .tree:
            options = [
                LuaOption("n", .integer(0...Int.max), default: .required, "nodes"),
                .integer("branching", default: GraphGenerator.defaultBranching, in: 1...Int.max, "children per node"),
            ]
        case .erdosRenyi:
            options = [
                LuaOption("n", .integer(0...Int.max), default: .required, "nodes"),
                .number("p", in: 0...1, "the chance of each edge (give p or m)"),
                .integer("m", in: 0...Int.max, "the number of edges, drawn uniformly (give p or m)"), seed,
            ]
        case .barabasiAlbert:
            options = [
                LuaOption("n", .integer(0...Int.max), default: .required, "nodes"),
                LuaOption("m", .integer(1...Int.max), default: .required, "edges from each new node"), seed,
            ]
        case .stochasticBlock:
            options = [
                LuaOption("clusters", .integer(1...Int.max), default: .required, "clusters; nodes get `data.group`"),
                .integer("size", in: 0...Int.max, "nodes per cluster (give size or n)"),
                .integer("n", in: 0...Int.max, "nodes in all, shared out as evenly as can be (give size or n)"),
                LuaOption("pIn", .number(0...1), default: .required, "the chance of each edge within a cluster"),
                LuaOption("pOut", .number(0...1), default: .required, "the chance of each edge across clusters"), seed,
            ]
        case .miserables:
            options = []
        }
        return LuaOptionTable("fl.graph.generate(\"\(kind.rawValue)\")", options)
    }
}
