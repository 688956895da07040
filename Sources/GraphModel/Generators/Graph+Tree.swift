extension Graph {
    /// A complete tree of n nodes in breadth-first order: node i > 0 hangs from node (i - 1) / branching.
    public static func tree(n: Int, branching: Int = GraphGenerator.defaultBranching) -> Graph { tree(n: n, branching: branching, check: { _ in }) }

    /// `tree(n:branching:)`, calling `check` as it inserts (see `generated`).
    static func tree(n: Int, branching: Int, check: (Int) throws -> Void) rethrows -> Graph {
        let edges = stride(from: 1, to: n, by: 1).map { ((($0 - 1) / branching), $0) }
        return try generated(nodeCount: n, edges: edges, check: check)
    }
}
