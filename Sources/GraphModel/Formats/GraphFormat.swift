/// The graph file formats forcelab reads and writes.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// d3's {nodes, links} JSON.
    case d3
    /// React Flow's {nodes, edges, viewport} JSON.
    case reactFlow = "reactflow"
    /// GraphML (XML).
    case graphml
    /// GEXF (XML), Gephi's format: 1.1 to 1.3 read, 1.2 written.
    case gexf
    /// Graphviz DOT.
    case dot
    /// Comma-separated edge list: source,target[,id][,data...].
    case csv
    /// Tab-separated edge list.
    case tsv
    /// White-space-separated edge list, as networkx's write_edgelist writes: source target [{data}].
    case edgelist
    /// GML, as networkx and igraph write it: nested `key value` lists.
    case gml
    /// Pajek's `.net`: `*Vertices`, then `*Arcs`/`*Edges` (or their `list` forms).
    case pajek
    /// networkx's adjacency list: a node, then its neighbours, per line.
    case adjlist
    /// networkx's multiline adjacency list: a node and its degree, then one line per neighbour with the edge's data.
    case multilineAdjlist = "multiline_adjlist"
    /// SNAP's edge lists: `#` header lines, then `FromNodeId<tab>ToNodeId` per edge.
    case snap
    /// Matrix Market's coordinate format (`.mtx`): the adjacency matrix's entries, 1-based.
    case matrixMarket = "matrixmarket"

    /// The format a name names, ignoring case: a raw value, "react-flow", "react_flow", "gv", "xml", "net",
    /// "multiline-adjlist", "mtx" or "matrix-market"; else nil.
    public init?(name: String) {
        switch name.lowercased() {
        case "react-flow", "react_flow", "reactflow": self = .reactFlow
        case "gv": self = .dot
        case "xml": self = .graphml
        case "net": self = .pajek
        case "multiline-adjlist", "multilineadjlist": self = .multilineAdjlist
        case "mtx", "matrix-market", "matrix_market": self = .matrixMarket
        default:
            guard let format = GraphFormat(rawValue: name.lowercased()) else { return nil }
            self = format
        }
    }

    /// The format implied by a path's extension (the one before `.gz` for a compressed file); nil for .json
    /// (decided by content) and unknown extensions.
    static func fromExtension(of compressedPath: String) -> GraphFormat? {
        let path = Gzip.innerPath(compressedPath)
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "graphml", "xml": return .graphml
        case "gexf": return .gexf
        case "dot", "gv": return .dot
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "edgelist": return .edgelist
        case "gml": return .gml
        case "net", "pajek": return .pajek
        case "adjlist": return .adjlist
        case "mtx": return .matrixMarket
        default: return nil
        }
    }

    /// True when a path ends in .json.
    static func isJSON(_ path: String) -> Bool { Gzip.innerPath(path).lowercased().hasSuffix(".json") }
}
