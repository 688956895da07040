/// What the research formats (GML, Pajek, adjacency lists, SNAP, Matrix Market) cannot hold beyond what
/// `FormatLimits` checks of every format: their own rules on data, and edge ids, which most of them do not write
/// (reading gives `e0`, `e1`... in the order of the file, so other ids would not come back).
enum ResearchFormatLimits {
    /// The first thing `format` cannot hold, as `node 'a': ...` or `edge 'e1': ...`, or nil (nil for the other formats).
    static func loss(_ graph: Graph, format: GraphFormat) -> String? {
        switch format {
        case .gml: return GMLFormat.loss(graph)
        case .pajek:
            let (arcs, edges) = PajekFormat.sections(graph)
            return PajekFormat.loss(graph) ?? edgeIdLoss(arcs + edges, format: "Pajek")
        case .adjlist, .multilineAdjlist:
            if format == .adjlist, let edge = graph.edges.first(where: { !$0.data.isEmpty }) {
                return "edge '\(edge.id)': its data (an adjacency list holds none; a multiline one does)"
            }
            return edgeIdLoss(AdjacencyListFormat.edgesBySource(graph).joined(), format: "an adjacency list")
        case .snap: return SNAPFormat.loss(graph) ?? edgeIdLoss(graph.edges, format: "SNAP")
        case .matrixMarket: return MatrixMarketFormat.loss(graph) ?? edgeIdLoss(graph.edges, format: "Matrix Market")
        case .d3, .reactFlow, .graphml, .gexf, .dot, .csv, .tsv, .edgelist: return nil
        }
    }

    /// True when edges in this order have the ids reading gives them: `e0`, `e1`...
    static func edgeIdsAreGenerated<S: Sequence>(_ edges: S) -> Bool where S.Element == Edge {
        edgeIdLoss(edges, format: "") == nil
    }

    /// The first edge (in the order written) whose id reading would not give back, described, or nil.
    private static func edgeIdLoss<S: Sequence>(_ edges: S, format: String) -> String? where S.Element == Edge {
        for (index, edge) in edges.enumerated() where edge.id != "e\(index)" {
            return "edge '\(edge.id)': its id (\(format) keeps no edge ids; reading names edges e0, e1... in the order written, this one e\(index))"
        }
        return nil
    }
}
