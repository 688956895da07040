import D3Random
/// The kinds of generated graph `Graph.generate` builds (the parameters each takes: `parameters`).
public enum GraphGenerator: String, CaseIterable, Sendable {
    /// The benchmark graph G(n) (docs/benchmark-graph.md): `n`, `seed`.
    case recursive
    /// A rows × columns lattice: `rows`, `columns`.
    case grid
    /// Two paths joined by rungs: `rungs`.
    case ladder
    /// A complete tree in breadth-first order: `n`, `branching`.
    case tree
    /// G(n, p) or G(n, m): `n`, `p` or `m`, `seed`.
    case erdosRenyi
    /// Preferential attachment: `n`, `m`, `seed`.
    case barabasiAlbert
    /// Clusters with dense insides: `clusters`, `size` or `n`, `pIn`, `pOut`, `seed`.
    case stochasticBlock
    /// Les Misérables' co-appearances (77 nodes, 254 edges); no options.
    case miserables

    /// The seed of the seeded generators when none is given (d3's LCG started as d3 starts it).
    public static let defaultSeed = LCG.defaultSeed
    /// A tree's branching when none is given.
    public static let defaultBranching = 2

    /// The kind a name names, ignoring case, "-" and "_" (`erdos-renyi` is `erdosRenyi`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let kind = GraphGenerator.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = kind
    }
}
