/// The options of `fl.graph.components`, `fl.graph.cores` and `fl.graph.communities`.
public enum GraphAlgorithmOptions {
    /// The declaration for `fl.graph.components`.
    public static let components = LuaOptionTable("fl.graph.components", [
        .string("field", default: "component", "the node data field each node's component number (1 = the largest) is written to"),
        .boolean("strong", default: false, "strongly connected components, following edges from source to target (in an undirected graph the same as connected); otherwise weakly connected, edges taken both ways"),
    ])

    /// The declaration for `fl.graph.cores`.
    public static let cores = LuaOptionTable("fl.graph.cores", [
        .string("field", default: "core", "the node data field each node's core number is written to"),
    ])

    /// The declaration for `fl.graph.communities`.
    public static let communities = LuaOptionTable("fl.graph.communities", [
        .string("field", default: "community", "the node data field each node's community number (1 = the largest) is written to"),
        .integer("seed", default: 1, in: 0...Int(UInt32.max), "seeds the order nodes are visited in; the same seed gives the same communities"),
        .number("resolution", default: 1, in: 0...LuaOption.finite.upperBound, "γ in the modularity: above 1 favours smaller communities, below 1 larger ones"),
        .string("weight", described: "every edge weighs 1", "an edge data field holding each edge's positive weight"),
    ])
}
