/// One thing a format cannot give back as it was: the node or edge that has it, and what.
struct FormatLoss: Equatable {
    /// `node 'a'` or `edge 'e1'`.
    let owner: String
    /// What is lost, such as `data field 'x' (...)`.
    let what: String
    /// The data a lossy save leaves out of the file for this loss, when the loss is data (nil: the loss is of
    /// something else, which the save can only list).
    var data: LostData? = nil
}

/// Data a lossy save leaves out: one field of a node's or an edge's data, or all of it.
struct LostData: Hashable {
    /// True for an edge's data, false for a node's.
    let onEdge: Bool
    /// The node's or edge's id.
    let id: String
    /// The field, or nil for all of the data.
    let key: String?

    /// A field (or, with no key, all the data) of node `id`.
    static func node(_ id: String, _ key: String?) -> LostData { LostData(onEdge: false, id: id, key: key) }
    /// A field (or, with no key, all the data) of edge `id`.
    static func edge(_ id: String, _ key: String?) -> LostData { LostData(onEdge: true, id: id, key: key) }
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
                        losses.append(FormatLoss(
                            owner: "edge '\(edge.id)'", what: "its data (an adjacency list holds none; a multiline one does)",
                            data: .edge(edge.id, nil)))
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
