import GraphLayout

/// The options of `fl.layout.stress(g, options)`; defaults and ranges are the layout's own.
public enum StressLayoutOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let defaults = StressOptions()
        return LuaOptionTable("fl.layout.stress", [
            .string("weight", "the numeric edge data field giving each edge's length; a missing, non-numeric, zero, negative or infinite value is an error naming the edge"),
            .integer("dimensions", default: defaults.dimensions, in: StressOptions.dimensionRange, "2 or 3"),
            .integer("iterations", default: defaults.iterations, in: StressOptions.iterationRange, "the most sweeps over the nodes (0 keeps the PivotMDS start)"),
            .number("tolerance", default: defaults.tolerance, in: StressOptions.toleranceRange, "stop when a sweep lowers the stress by less than this fraction of it; `converged` says whether it stopped this way"),
            .integer("seed", default: defaults.seed, in: StressOptions.seedRange, "picks the first pivot, the start of the eigenvector search and a tiny jitter of the start; the same seed gives the same layout"),
            .integer("pivots", default: defaults.pivots, in: StressOptions.pivotRange, "pivot nodes for the PivotMDS start and the sparse model"),
            .integer("exactNodeLimit", default: defaults.exactNodeLimit, in: StressOptions.exactNodeLimitRange, "above this many nodes, sparse stress"),
            .number("scale", default: defaults.scale, in: StressOptions.scaleRange, "layout units per unit of graph distance (d3's default link distance)"),
        ])
    }()
}
