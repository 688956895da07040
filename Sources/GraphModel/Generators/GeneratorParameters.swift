/// The parameters of a generated graph, typed, each nil until given: a kind reads those it takes
/// (`GraphGenerator.parameters`, which give each its name, range, default and doc) and refuses any other given.
public struct GeneratorParameters: Equatable, Sendable {
    /// Nodes (`recursive`, `tree`, `erdosRenyi`, `barabasiAlbert`; `stochasticBlock` in all).
    public var n: Int?
    /// A grid's rows.
    public var rows: Int?
    /// A grid's columns.
    public var columns: Int?
    /// A ladder's rungs.
    public var rungs: Int?
    /// A tree's children per node.
    public var branching: Int?
    /// The chance of each edge of G(n, p).
    public var p: Double?
    /// Edges: of G(n, m), or from each new node of a preferential attachment.
    public var m: Int?
    /// A stochastic block model's clusters.
    public var clusters: Int?
    /// Nodes per cluster.
    public var size: Int?
    /// The chance of each edge within a cluster.
    public var pIn: Double?
    /// The chance of each edge across clusters.
    public var pOut: Double?
    /// The seed of d3's LCG.
    public var seed: UInt32?

    /// No parameter given.
    public init() {}
}
