/// One thing a format cannot give back as it was: the node or edge that has it, and what.
struct FormatLoss: Equatable {
    /// `node 'a'` or `edge 'e1'`.
    let owner: String
    /// What is lost, such as `data field 'x' (...)`.
    let what: String
}

/// What the research formats (GML, Pajek, adjacency lists, SNAP, Matrix Market) cannot hold beyond what
/// `FormatLimits` checks of every format: their own rules on data, and edge ids, which most of them do not write
/// (reading gives `e0`, `e1`... in the order of the file, so other ids would not come back).
enum ResearchFormatLimits {
    /// Everything `format` cannot hold, in the order met (nothing for the other formats).
    static func losses(_ graph: Graph, format: GraphFormat) -> [FormatLoss] {
        switch format {
        case .gml: return GMLFormat.losses(graph)
        case .pajek:
            let (arcs, edges) = PajekFormat.sections(graph)
            return PajekFormat.losses(graph) + edgeIdLosses(arcs + edges, format: "Pajek")
        case .adjlist, .multilineAdjlist:
            var losses: [FormatLoss] = []
            if format == .adjlist {
                graph.forEachEdge { edge in
                    if !edge.data.isEmpty {
                        losses.append(FormatLoss(owner: "edge '\(edge.id)'", what: "its data (an adjacency list holds none; a multiline one does)"))
                    }
                }
            }
            return losses + edgeIdLosses(AdjacencyListFormat.edgesBySource(graph).joined(), format: "an adjacency list")
        case .snap: return SNAPFormat.losses(graph) + edgeIdLosses(graph.edges, format: "SNAP")
        case .matrixMarket: return MatrixMarketFormat.losses(graph) + edgeIdLosses(graph.edges, format: "Matrix Market")
        case .d3, .reactFlow, .graphml, .gexf, .dot, .csv, .tsv, .edgelist: return []
        }
    }

    /// True when edges in this order have the ids reading gives them: `e0`, `e1`...
    static func edgeIdsAreGenerated<S: Sequence>(_ edges: S) -> Bool where S.Element == Edge {
        edgeIdLosses(edges, format: "").isEmpty
    }

    /// The edges (in the order written) whose ids reading would not give back.
    private static func edgeIdLosses<S: Sequence>(_ edges: S, format: String) -> [FormatLoss] where S.Element == Edge {
        var losses: [FormatLoss] = []
        for (index, edge) in edges.enumerated() where edge.id != "e\(index)" {
            losses.append(FormatLoss(
                owner: "edge '\(edge.id)'",
                what: "its id (\(format) keeps no edge ids; reading names edges e0, e1... in the order written)"))
        }
        return losses
    }
}
