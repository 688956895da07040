import Render

/// The options of `fl.metrics(g, options)`: the measurement's `Metrics.Options`, each option one line (defaults and
/// ranges are the measurement's own), the per-node radius called for the graph's nodes.
public enum MetricsOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<Metrics.Options>("fl.metrics", [
        LuaSetting("radius", \.nodeRadius, each: .node, "node radius, for overlaps"),
        LuaSetting("sampleSources", \.sampleSources, "breadth-first sources sampled for stress above `exactNodeLimit` nodes"),
        LuaSetting("exactNodeLimit", \.exactNodeLimit, "up to this many nodes, stress uses every pair"),
        LuaSetting("exactCrossingLimit", \.exactCrossingLimit, "up to this many edges, every pair of edges is tested for crossing"),
        LuaSetting("crossings", \.countsCrossings, "count edge crossings; `false` leaves `crossings` out of the result and skips the count, the slowest figure on large layouts with long edges"),
        LuaSetting("seed", \.seed, "seed of the source sample"),
        LuaSetting("weight", \.weight, described: "every edge 1", "the numeric edge data field giving each edge's length: stress uses weighted shortest paths and edge lengths are divided by it"),
        LuaSetting("only", \.only, described: "every figure", "compute just these figures (the result's names); `sources` comes with `stress` and `neighbourhoodPreservation`, and the others cost nothing"),
        LuaSetting("threads", \.threads, described: "the cores this process may use", "threads for the shortest-path searches and nearest-neighbour queries of `stress` and `neighbourhoodPreservation`; the figures are the same whatever the count"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
