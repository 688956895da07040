import Render

/// The options of `fl.metrics(g, options)`; the defaults are the measurement's own.
public enum MetricsOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = Metrics.Options()
        return LuaOptionTable("fl.metrics", [
            LuaOption("radius", .nodeNumber, default: .number(settings.defaultRadius), "node radius, for overlaps"),
            .integer("sampleSources", default: settings.sampleSources, in: 1...Int.max, "breadth-first sources sampled for stress above `exactNodeLimit` nodes"),
            .integer("exactNodeLimit", default: settings.exactNodeLimit, in: 0...Int.max, "up to this many nodes, stress uses every pair"),
            .integer("exactCrossingLimit", default: settings.exactCrossingLimit, in: 0...Int.max, "up to this many edges, every pair of edges is tested for crossing"),
            .boolean("crossings", default: settings.countsCrossings, "count edge crossings; `false` leaves `crossings` out of the result and skips the count, the slowest figure on large layouts with long edges"),
            .integer("seed", default: Int(settings.seed), in: 0...Int(UInt32.max), "seed of the source sample"),
            .string("weight", described: "every edge 1", "the numeric edge data field giving each edge's length: stress uses weighted shortest paths and edge lengths are divided by it"),
            LuaOption("only", .table("{\"stress\", \"neighbourhoodPreservation\", ...}"), default: .described("every figure"), "compute just these figures (the result's names: \(Metrics.Figure.allCases.map(\.rawValue).joined(separator: ", "))); `sources` comes with `stress` and `neighbourhoodPreservation`, and the others cost nothing"),
            .integer("threads", described: "the cores this process may use", in: 1...1024, "threads for the shortest-path searches and nearest-neighbour queries of `stress` and `neighbourhoodPreservation`; the figures are the same whatever the count"),
        ])
    }()
}
