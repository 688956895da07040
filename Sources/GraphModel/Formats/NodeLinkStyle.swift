/// How a node-link JSON file (d3's, networkx's `node_link_data`) said what it holds, so that saving the graph again
/// writes it the same way and networkx reads it back as it was.
public struct NodeLinkStyle: Equatable, Sendable {
    /// The key of the edge list: d3's `links` (networkx's before 3.6) or `edges` (networkx's from 3.6).
    public var edgesKey = "links"
    /// Whether the file said `"multigraph": true` (networkx's MultiGraph or MultiDiGraph); a graph with parallel
    /// edges is written as a multigraph whatever this says.
    public var multigraph = false
    /// Whether every node id in the file was a JSON integer (networkx's integer nodes), so ids that are integers
    /// are written as numbers again.
    public var integerIds = false

    /// The style of a file that said nothing: d3's.
    public init() {}
}
