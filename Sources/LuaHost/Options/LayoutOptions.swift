import GraphLayout

/// The options of `fl.layout.stress(g, options)`: the layout's `StressOptions`, each option one line (defaults and
/// ranges are the layout's own).
public enum StressLayoutOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<StressOptions>("fl.layout.stress", [
        LuaSetting("weight", \.weight, "the numeric edge data field giving each edge's length; a missing, non-numeric, zero, negative or infinite value is an error naming the edge"),
        LuaSetting("dimensions", \.dimensions, "2 or 3"),
        LuaSetting("iterations", \.iterations, "the most sweeps over the nodes (0 keeps the PivotMDS start)"),
        LuaSetting("tolerance", \.tolerance, "stop when a sweep lowers the stress by less than this fraction of it; `converged` says whether it stopped this way"),
        LuaSetting("seed", \.seed, "picks the first pivot, the start of the eigenvector search and a tiny jitter of the start; the same seed gives the same layout"),
        LuaSetting("pivots", \.pivots, "pivot nodes for the PivotMDS start and the sparse model"),
        LuaSetting("exactNodeLimit", \.exactNodeLimit, "above this many nodes, sparse stress"),
        LuaSetting("scale", \.scale, "layout units per unit of graph distance (d3's default link distance)"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
