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

/// The options of `fl.layout.multilevel(g, options)`; defaults and ranges are the layout's own.
public enum MultilevelLayoutOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let defaults = MultilevelOptions()
        return LuaOptionTable("fl.layout.multilevel", [
            .integer("dimensions", default: defaults.dimensions, in: MultilevelOptions.dimensionRange, "2 or 3"),
            .choice("coarsening", Coarsening.self, default: defaults.coarsening, "how nodes are grouped level by level: `matching` pairs each node with a neighbour along the heaviest edge (lone nodes join a neighbouring pair), `solar` groups each sun of a maximal independent set with its neighbours, as FM³'s solar systems"),
            .choice("coarsestLayout", CoarsestLayout.self, default: defaults.coarsestLayout, "how the coarsest level is laid out: `stress` by stress majorization from PivotMDS (as `fl.layout.stress`), which keeps long paths straight, `forces` by the fast-mode forces from random positions"),
            .integer("coarsestSize", default: defaults.coarsestSize, in: MultilevelOptions.coarsestSizeRange, "coarsening stops at a level of at most this many nodes"),
            .number("minShrink", default: defaults.minShrink, in: MultilevelOptions.minShrinkRange, "coarsening stops when a level would keep more than this fraction of the finer level's nodes"),
            .integer("coarsestTicks", default: defaults.coarsestTicks, in: MultilevelOptions.tickRange, "ticks of the forces on the coarsest level: alpha falling from 1 to 0.001 when it is laid out by forces, none after stress"),
            .integer("finestTicks", default: defaults.finestTicks, in: MultilevelOptions.tickRange, "ticks on the graph itself; the levels between get counts between the two, geometrically by their node counts"),
            .number("refineAlpha", default: defaults.refineAlpha, in: MultilevelOptions.refineAlphaRange, "alpha each finer level's refinement starts from (falling to 0.001)"),
            .number("distance", default: defaults.distance, in: MultilevelOptions.distanceRange, "the link force's rest length on every level"),
            .number("charge", default: defaults.charge, in: MultilevelOptions.chargeRange, "the many-body strength on every level (negative: repulsion)"),
            .integer("polishSweeps", default: defaults.polishSweeps, in: MultilevelOptions.polishSweepsRange, "sweeps of sparse stress majorization (graph neighbours and pivots, as `fl.layout.stress` above its exact size) on the graph after the last refinement; 0 leaves the force layout as it is"),
            .integer("polishPivots", default: defaults.polishPivots, in: MultilevelOptions.polishPivotsRange, "pivots of the polish's sparse stress model"),
            .integer("seed", default: defaults.seed, in: MultilevelOptions.seedRange, "seeds the coarsening order, the coarsest level's random start and each level's jitter; the same seed gives the same layout on any number of threads"),
        ])
    }()
}
