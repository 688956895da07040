import GraphLayout

/// The options of `fl.layout.stress(g, options)`: the layout's `StressOptions`, each option one line (defaults and
/// ranges are the layout's own).
public enum StressLayoutOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<StressOptions>("fl.layout.stress", [
        LuaSetting("weight", \.weight, "the numeric edge data field giving each edge's length; a missing, non-numeric, zero, negative or infinite value is an error naming the edge"),
        LuaSetting("dimensions", \.dimensions, "2 or 3"),
        LuaSetting("iterations", \.iterations, "the most majorization sweeps over the nodes (0 keeps the PivotMDS start, whatever the solver)"),
        LuaSetting("tolerance", \.tolerance, "stop when a sweep lowers the stress by less than this fraction of it; `converged` says whether it stopped this way"),
        LuaSetting("seed", \.seed, "picks the first pivot, the start of the eigenvector search and a tiny jitter of the start; the same seed gives the same layout"),
        LuaSetting("pivots", \.pivots, described: "`\(StressOptions.exactPivots)` up to `exactNodeLimit` nodes, `\(StressOptions.sparsePivots)` above",
                   "pivot nodes for the PivotMDS start and the sparse model"),
        LuaSetting("exactNodeLimit", \.exactNodeLimit, "above this many nodes, sparse stress"),
        LuaSetting("scale", \.scale, "layout units per unit of graph distance (d3's default link distance)"),
        LuaSetting("solver", \.solver, described: "`majorization` up to `exactNodeLimit` nodes, `sgd` above", "`majorization` (neato's, node by node, up to `iterations` sweeps) or `sgd` (stochastic gradient descent over the model's terms, 30 epochs as s_gd2)"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `fl.layout.multilevel(g, options)`: the layout's `MultilevelOptions`, each option one line
/// (defaults and ranges are the layout's own).
public enum MultilevelLayoutOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<MultilevelOptions>("fl.layout.multilevel", [
        LuaSetting("dimensions", \.dimensions, "2 or 3"),
        LuaSetting("coarsening", \.coarsening, "how nodes are grouped level by level: `matching` pairs each node with a neighbour along the heaviest edge (lone nodes join a neighbouring pair), `solar` groups each sun of a maximal independent set with its neighbours, as FM³'s solar systems"),
        LuaSetting("coarsestLayout", \.coarsestLayout, "how the coarsest level is laid out: `stress` by stress majorization from PivotMDS (as `fl.layout.stress`), which keeps long paths straight, `forces` by the fast-mode forces from random positions"),
        LuaSetting("coarsestSize", \.coarsestSize, "coarsening stops at a level of at most this many nodes"),
        LuaSetting("minShrink", \.minShrink, "coarsening stops when a level would keep more than this fraction of the finer level's nodes"),
        LuaSetting("coarsestTicks", \.coarsestTicks, "ticks of the forces on the coarsest level: alpha falling from 1 to 0.001 when it is laid out by forces, none after stress"),
        LuaSetting("finestTicks", \.finestTicks, "ticks on the graph itself; the levels between get counts between the two, geometrically by their node counts"),
        LuaSetting("refineAlpha", \.refineAlpha, "alpha each finer level's refinement starts from (falling to 0.001)"),
        LuaSetting("distance", \.distance, "the link force's rest length on every level"),
        LuaSetting("charge", \.charge, "the many-body strength on every level (negative: repulsion)"),
        LuaSetting("polishSweeps", \.polishSweeps, "sweeps of sparse stress majorization (graph neighbours and pivots, as `fl.layout.stress` above its exact size, and the nodes two hops away) on the graph after the last refinement; 0 leaves the force layout as it is"),
        LuaSetting("polishPivots", \.polishPivots, "pivots of the polish's sparse stress model"),
        LuaSetting("descentEpochs", \.descentEpochs, "epochs of stochastic gradient descent over every pair of nodes (s_gd2's, each pair at its hop distance, weight 1/d²) after the polish, on graphs of at most `descentNodeLimit` nodes; 0: none"),
        LuaSetting("descentNodeLimit", \.descentNodeLimit, "the most nodes a graph may have for the descent over every pair (an epoch costs a breadth-first search a node and a move a pair)"),
        LuaSetting("neighbourhoodSteps", \.neighbourhoodSteps, "steps of the neighbourhood stage after the polish and the descent (2D only): sparse stress against sampled pivots plus a local term that pulls each node's graph neighbours in and pushes its nearest other nodes out, raising neighbourhood preservation at a small cost in stress; 0: none"),
        LuaSetting("neighbourhoodWeight", \.neighbourhoodWeight, "the neighbourhood stage's local term against its stress term: higher raises neighbourhood preservation more and the stress with it"),
        LuaSetting("neighbourhoodLength", \.neighbourhoodLength, "the scale of the neighbourhood stage's local term, in edges: how near a node's graph neighbours are drawn and how far its nearest other nodes are pushed"),
        LuaSetting("sparseDescentPivots", \.sparseDescentPivots, "pivots of the gradient descent over the sparse stress model (`fl.layout.stress`'s above its exact size: graph neighbours and pivots, 30 epochs) run after the polish, from the multilevel layout, on graphs of more than `descentNodeLimit` and at most `sparseDescentNodeLimit` nodes; kept only where it lowers the stress; 0: none"),
        LuaSetting("sparseDescentNodeLimit", \.sparseDescentNodeLimit, "the most nodes a graph may have for the sparse descent (its pivot rows and terms take about 28 bytes a node a pivot)"),
        LuaSetting("seed", \.seed, "seeds the coarsening order, the coarsest level's random start and each level's jitter; the same seed gives the same layout on any number of threads"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `fl.layout.layered(g, options)`: the layout's `LayeredOptions`, each option one line (defaults and
/// ranges are the layout's own).
public enum LayeredLayoutOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<LayeredOptions>("fl.layout.layered", [
        LuaSetting("direction", \.direction, "the way edges run: `right` (layers are columns) or `down` (layers are rows)"),
        LuaSetting("ranking", \.ranking, "how nodes get their layers: `longestPath` (each one layer after its furthest predecessor) or `tight` (then each node moved, within the room its edges leave, to the side it has more edges on, shortening them)"),
        LuaSetting("layerSeparation", \.layerSeparation, "the gap between the boxes of one layer and the next"),
        LuaSetting("nodeSeparation", \.nodeSeparation, "the gap between neighbouring boxes of a layer (half of it beside a bend of a long edge)"),
        LuaSetting("sweeps", \.sweeps, "down-and-up sweeps of the crossing reduction (barycenters, then adjacent swaps); the order with the fewest crossings is kept"),
        LuaSetting("placementPasses", \.placementPasses, "passes of the coordinate assignment pulling boxes towards their neighbours"),
        LuaSetting("padding", \.padding, "room between a parent's frame and its children"),
        LuaSetting("labelHeight", \.labelHeight, "more room above a parent's children, for its label"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
