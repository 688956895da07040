/// What each format can hold, so a save refuses a graph holding more (naming the first node or edge and what it
/// has) instead of writing a file that reads back differently. Editor state (selected, dragging, hidden,
/// deletable) and the viewport are kept by React Flow JSON only and are not checked.
enum FormatLimits {
    /// Throws when `format` cannot hold something `graph` has.
    static func check(_ graph: Graph, format: GraphFormat) throws {
        let name = formatName(format)
        let hint = isEdgeList(format) ? "an edge list keeps node ids and edges with their data; " : ""
        func refuse(_ owner: String, _ what: String) -> GraphError {
            GraphError("\(name) cannot hold \(owner): its \(what) (\(hint)React Flow JSON keeps every field)")
        }
        if isEdgeList(format), !graph.directed {
            throw GraphError("\(name) cannot hold an undirected graph (\(hint)React Flow JSON keeps every field)")
        }
        let dotHandles = format == .dot ? handlesFromEdges(graph) : [:]
        try graph.forEachNode { node in
            if let what = nodeLoss(node, format: format, dotHandles: dotHandles[node.id] ?? []) {
                throw refuse("node '\(node.id)'", what)
            }
            if let what = dataLoss(node.data, format: format, ownKeys: format == .dot ? dotNodeKeys : []) {
                throw refuse("node '\(node.id)'", what)
            }
        }
        try graph.forEachEdge { edge in
            if let what = edgeLoss(edge, format: format) { throw refuse("edge '\(edge.id)'", what) }
            if let what = dataLoss(edge.data, format: format, ownKeys: format == .dot ? dotEdgeKeys : []) {
                throw refuse("edge '\(edge.id)'", what)
            }
        }
        if let loss = ResearchFormatLimits.loss(graph, format: format) {
            throw GraphError("\(name) cannot hold \(loss) (React Flow JSON keeps every field)")
        }
    }

    /// DOT attributes a node's fields are written as, which data cannot use.
    private static let dotNodeKeys: Set<String> = ["pos", "bb", "fx", "fy", "fz", "width", "height", "label", "type"]
    /// DOT attributes an edge's fields are written as (or cgraph keeps for itself), which data cannot use.
    private static let dotEdgeKeys: Set<String> = ["id", "label", "type", "tailport", "headport", "key"]

    /// The format's name in messages.
    private static func formatName(_ format: GraphFormat) -> String {
        switch format {
        case .d3: return "d3 JSON"
        case .reactFlow: return "React Flow JSON"
        case .graphml: return "GraphML"
        case .gexf: return "GEXF"
        case .dot: return "DOT"
        case .csv: return "CSV"
        case .tsv: return "TSV"
        case .edgelist: return "an edge list"
        case .gml: return "GML"
        case .pajek: return "Pajek"
        case .adjlist: return "an adjacency list"
        case .multilineAdjlist: return "a multiline adjacency list"
        case .snap: return "SNAP"
        case .matrixMarket: return "Matrix Market"
        }
    }

    /// True for the edge-list formats, which hold edges and node ids only.
    private static func isEdgeList(_ format: GraphFormat) -> Bool {
        format == .csv || format == .tsv || format == .edgelist
    }

    /// The first field of a node the format drops, or nil.
    private static func nodeLoss(_ node: Node, format: GraphFormat, dotHandles: [Handle]) -> String? {
        let placed = node.position.isPlaced || node.position.z != nil
        let fixed = node.fx != nil || node.fy != nil || node.fz != nil
        let sized = node.width != nil || node.height != nil
        switch format {
        case .reactFlow:
            return nil
        case .d3:
            if sized { return "size" }
            if node.label != nil { return "label" }
            if node.type != nil { return "type" }
            if node.parentId != nil { return "parent" }
            if !node.handles.isEmpty { return "handles" }
        case .graphml:
            if node.handles.contains(where: { $0.id == nil }) { return "handle without an id" }
        case .gexf:
            if fixed { return "fixed coordinates" }
            if sized && !(node.width != nil && node.width == node.height) { return "width and height (GEXF has one size)" }
            if node.type != nil { return "type" }
            if !node.handles.isEmpty { return "handles" }
        case .dot:
            if node.label == "" || node.type == "" { return "empty label or type" }
            if node.handles != dotHandles { return "handles (DOT keeps the ports edges use, without sides)" }
        case .gml, .pajek:
            if fixed { return "fixed coordinates" }
            if format == .pajek, sized { return "size" }
            if node.label != nil { return "label (\(formatName(format))'s label is the node's id, as networkx reads it)" }
            if node.type != nil { return "type" }
            if node.parentId != nil { return "parent" }
            if !node.handles.isEmpty { return "handles" }
        case .csv, .tsv, .edgelist, .adjlist, .multilineAdjlist, .snap, .matrixMarket:
            if placed || fixed { return "position" }
            if sized { return "size" }
            if node.label != nil { return "label" }
            if node.type != nil { return "type" }
            if node.parentId != nil { return "parent" }
            if !node.handles.isEmpty { return "handles" }
            if !node.data.isEmpty { return "data" }
        }
        return nil
    }

    /// The first field of an edge the format drops, or nil.
    private static func edgeLoss(_ edge: Edge, format: GraphFormat) -> String? {
        let hasHandles = edge.sourceHandle != nil || edge.targetHandle != nil
        switch format {
        case .reactFlow, .graphml:
            return nil
        case .dot:
            if edge.sourceHandle == "" || edge.targetHandle == "" { return "empty handle" }
            if edge.label == "" || edge.type == "" { return "empty label or type" }
        case .d3, .gexf, .csv, .tsv, .edgelist, .gml, .pajek, .adjlist, .multilineAdjlist, .snap, .matrixMarket:
            if hasHandles { return "handles" }
            if format != .gexf, edge.label != nil { return "label" }
            if edge.type != nil { return "type" }
        }
        return nil
    }

    /// The first data field the format cannot give back as it is, or nil: DOT, CSV/TSV and Pajek hold text, read back as a
    /// number or true/false when it looks like one, and drop empty text; a field named like one of `ownKeys` is
    /// written over by the field of that name.
    private static func dataLoss(_ data: [String: DataValue], format: GraphFormat, ownKeys: Set<String>) -> String? {
        guard !data.isEmpty, format == .dot || format == .csv || format == .tsv || format == .pajek else { return nil }
        for key in data.keys.sorted() {
            if ownKeys.contains(key) { return "data field '\(key)' (named like DOT's own attribute)" }
            switch data[key]! {
            case .number(let number) where number.isFinite: continue
            case .integer, .bool: continue
            case .string(let text) where !text.isEmpty && NumberText.parse(text) == nil && text != "true" && text != "false"
                && (format == .dot || NumberText.cellBooleans[text] == nil):
                continue
            case .string(let text):
                return "data field '\(key)' (the text \"\(text)\", which would read back as \(text.isEmpty ? "nothing" : "a number or a boolean"))"
            case .number: return "data field '\(key)' (a number that is not finite)"
            case .null: return "data field '\(key)' (null)"
            case .array: return "data field '\(key)' (an array)"
            case .object: return "data field '\(key)' (an object)"
            }
        }
        return nil
    }

    /// The handles DOT gives back for each node: the ports edges use, source ports as source handles and target
    /// ports as target handles, in edge order (see DOTReader).
    private static func handlesFromEdges(_ graph: Graph) -> [String: [Handle]] {
        var handles: [String: [Handle]] = [:]
        func add(_ port: String?, _ type: HandleType, _ node: String) {
            guard let port, !port.isEmpty else { return }
            if !(handles[node] ?? []).contains(where: { $0.id == port && $0.type == type }) {
                handles[node, default: []].append(Handle(id: port, type: type))
            }
        }
        graph.forEachEdge { edge in
            add(edge.sourceHandle, .source, edge.source)
            add(edge.targetHandle, .target, edge.target)
        }
        return handles
    }
}
