import GraphModel

/// The options of `fl.graph.components`, `fl.graph.cores` and `fl.graph.communities`: GraphModel's
/// `Graph.ComponentSettings`, `Graph.CoreSettings` and `Graph.CommunitySettings`, each option one line.
public enum GraphAlgorithmOptions {
    /// The declaration and reader for `fl.graph.components`.
    public static let componentSettings = LuaSettingsTable<Graph.ComponentSettings>("fl.graph.components", [
        LuaSetting("field", \.field, "the node data field each node's component number (1 = the largest) is written to"),
        LuaSetting("strong", \.strong, "strongly connected components, following edges from source to target (in an undirected graph the same as connected); otherwise weakly connected, edges taken both ways"),
    ])

    /// The declaration and reader for `fl.graph.cores`.
    public static let coreSettings = LuaSettingsTable<Graph.CoreSettings>("fl.graph.cores", [
        LuaSetting("field", \.field, "the node data field each node's core number is written to"),
    ])

    /// The declaration and reader for `fl.graph.communities`.
    public static let communitySettings = LuaSettingsTable<Graph.CommunitySettings>("fl.graph.communities", [
        LuaSetting("field", \.field, "the node data field each node's community number (1 = the largest) is written to"),
        LuaSetting("seed", \.seed, "seeds the order nodes are visited in; the same seed gives the same communities"),
        LuaSetting("resolution", \.resolution, "γ in the modularity: above 1 favours smaller communities, below 1 larger ones"),
        LuaSetting("weight", \.weight, described: "every edge weighs 1", "an edge data field holding each edge's positive weight"),
    ])

    /// The declaration for `fl.graph.components`.
    public static var components: LuaOptionTable { componentSettings.table }
    /// The declaration for `fl.graph.cores`.
    public static var cores: LuaOptionTable { coreSettings.table }
    /// The declaration for `fl.graph.communities`.
    public static var communities: LuaOptionTable { communitySettings.table }
}
