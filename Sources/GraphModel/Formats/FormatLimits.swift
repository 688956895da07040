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
            if let what = nodeLosses(node, format: format, dotHandles: dotHandles[node.id] ?? []).first {
                throw refuse("node '\(node.id)'", what)
            }
            if let what = dataLoss(node.data, format: format, ownKeys: format == .dot ? dotNodeKeys : []) {
                throw refuse("node '\(node.id)'", what)
            }
        }
        try graph.forEachEdge { edge in
            if let what = edgeLosses(edge, format: format).first { throw refuse("edge '\(edge.id)'", what) }
            if let what = dataLoss(edge.data, format: format, ownKeys: format == .dot ? dotEdgeKeys : []) {
                throw refuse("edge '\(edge.id)'", what)
            }
        }
        if let loss = ResearchFormatLimits.losses(graph, format: format).first {
            throw GraphError("\(name) cannot hold \(loss.owner): \(loss.what) (React Flow JSON keeps every field)")
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

    /// The fields of a node the format drops.
    private static func nodeLosses(_ node: Node, format: GraphFormat, dotHandles: [Handle]) -> [String] {
        var found: [String] = []
        let placed = node.position.isPlaced || node.position.z != nil
        let fixed = node.fx != nil || node.fy != nil || node.fz != nil
        let sized = node.width != nil || node.height != nil
        switch format {
        case .reactFlow:
            return []
        case .d3:
            if sized { found.append("size") }
            if node.label != nil { found.append("label") }
            if node.type != nil { found.append("type") }
            if node.parentId != nil { found.append("parent") }
            if !node.handles.isEmpty { found.append("handles") }
        case .graphml:
            if node.handles.contains(where: { $0.id == nil }) { found.append("handle without an id") }
        case .gexf:
            if fixed { found.append("fixed coordinates") }
            if sized && !(node.width != nil && node.width == node.height) { found.append("width and height (GEXF has one size)") }
            if node.type != nil { found.append("type") }
            if !node.handles.isEmpty { found.append("handles") }
        case .dot:
            if node.label == "" || node.type == "" { found.append("empty label or type") }
            if node.handles != dotHandles { found.append("handles (DOT keeps the ports edges use, without sides)") }
        case .gml, .pajek:
            if fixed { found.append("fixed coordinates") }
            if format == .pajek, sized { found.append("size") }
            if node.label != nil { found.append("label (\(formatName(format))'s label is the node's id, as networkx reads it)") }
            if node.type != nil { found.append("type") }
            if node.parentId != nil { found.append("parent") }
            if !node.handles.isEmpty { found.append("handles") }
        case .csv, .tsv, .edgelist, .adjlist, .multilineAdjlist, .snap, .matrixMarket:
            if placed || fixed { found.append("position") }
            if sized { found.append("size") }
            if node.label != nil { found.append("label") }
            if node.type != nil { found.append("type") }
            if node.parentId != nil { found.append("parent") }
            if !node.handles.isEmpty { found.append("handles") }
            if !node.data.isEmpty { found.append("data") }
        }
        return found
    }

    /// The fields of an edge the format drops.
    private static func edgeLosses(_ edge: Edge, format: GraphFormat) -> [String] {
        var found: [String] = []
        let hasHandles = edge.sourceHandle != nil || edge.targetHandle != nil
        switch format {
        case .reactFlow, .graphml:
            return []
        case .dot:
            if edge.sourceHandle == "" || edge.targetHandle == "" { found.append("empty handle") }
            if edge.label == "" || edge.type == "" { found.append("empty label or type") }
        case .d3, .gexf, .csv, .tsv, .edgelist, .gml, .pajek, .adjlist, .multilineAdjlist, .snap, .matrixMarket:
            if hasHandles { found.append("handles") }
            if format != .gexf, edge.label != nil { found.append("label") }
            if edge.type != nil { found.append("type") }
        }
        return found
    }

    /// The first data field the format cannot give back as it is, or nil (see `fieldLoss`; numbers that are not
    /// finite are left to the writers, which refuse them whatever is asked).
    private static func dataLoss(_ data: [String: DataValue], format: GraphFormat, ownKeys: Set<String>) -> String? {
        guard !data.isEmpty else { return nil }
        if format == .edgelist { return data.keys.sorted().lazy.compactMap { commentLoss($0, data[$0]!) }.first }
        guard format == .dot || format == .csv || format == .tsv || format == .pajek else { return nil }
        return data.keys.sorted().lazy.compactMap { fieldLoss($0, data[$0]!, format: format, ownKeys: ownKeys) }.first
    }

    /// Why an edge list cannot hold a data field, or nil: text holding `#` (in a value or a key), which starts a
    /// comment where networkx reads it.
    private static func commentLoss(_ key: String, _ value: DataValue) -> String? {
        func hasHash(_ value: DataValue) -> Bool {
            switch value {
            case .string(let text): return text.contains("#")
            case .array(let items): return items.contains(where: hasHash)
            case .object(let fields): return fields.contains { $0.key.contains("#") || hasHash($0.value) }
            default: return false
            }
        }
        return key.contains("#") || hasHash(value) ? "data field '\(key)' (text holding '#', which starts a comment)" : nil
    }

    /// Why a data field cannot be given back as it is, or nil: DOT, CSV/TSV and Pajek hold text, read back as a number or
    /// a boolean when it looks like one, and drop empty text; JSON and edge lists hold no number that is not
    /// finite; a field named like one of `ownKeys` is written over by the field of that name.
    private static func fieldLoss(_ key: String, _ value: DataValue, format: GraphFormat, ownKeys: Set<String>) -> String? {
        if ownKeys.contains(key) { return "data field '\(key)' (named like \(formatName(format))'s own \(format == .dot ? "attribute" : "field"))" }
        guard format == .dot || format == .csv || format == .tsv || format == .pajek else {
            if format == .graphml || format == .gexf || UnwritableText.isFinite(value) {
                return format == .edgelist ? commentLoss(key, value) : nil
            }
            return "data field '\(key)' (a number that is not finite)"
        }
        switch value {
        case .number(let number) where number.isFinite: return nil
        case .integer, .bool: return nil
        case .string(let text) where !text.isEmpty && NumberText.parse(text) == nil && text != "true" && text != "false"
            && (format == .dot || NumberText.cellBooleans[text] == nil):
            return nil
        case .string(let text):
            return "data field '\(key)' (the text \"\(text)\", which would read back as \(text.isEmpty ? "nothing" : "a number or a boolean"))"
        case .number: return "data field '\(key)' (a number that is not finite)"
        case .null: return "data field '\(key)' (null)"
        case .array: return "data field '\(key)' (an array)"
        case .object: return "data field '\(key)' (an object)"
        }
    }

    /// `graph` without the data fields `format` cannot give back (numbers that are not finite in JSON and edge
    /// lists, text DOT and CSV would read back as something else, fields named like the format's own, and the
    /// research formats' own rules, such as GML's booleans), and the descriptions of what it left out: a field said
    /// to be left out is not in the file.
    static func writableCopy(of graph: Graph, format: GraphFormat) throws -> (graph: Graph, leftOut: [String]) {
        var leftOut = Tally()
        var researchLosses: [LostData: String] = [:]
        for loss in ResearchFormatLimits.losses(graph, format: format) {
            guard let data = loss.data, researchLosses[data] == nil else { continue }
            researchLosses[data] = loss.what
        }
        var builder = GraphBuilder(file: "")
        builder.directed = graph.directed
        let edgeOwnKeys: Set<String> = switch format {
        case .dot: dotEdgeKeys
        case .csv, .tsv: ["source", "target", "id"]
        case .edgelist: ["id"]
        default: []
        }
        func kept(_ data: [String: DataValue], ownKeys: Set<String>, owner: String, at: (String?) -> LostData) -> [String: DataValue] {
            if let what = researchLosses[at(nil)] {
                leftOut.add(what, owner)
                return [:]
            }
            var kept = data
            for key in data.keys.sorted() {
                guard let what = researchLosses[at(key)] ?? fieldLoss(key, data[key]!, format: format, ownKeys: ownKeys) else { continue }
                leftOut.add(what, owner)
                kept[key] = nil
            }
            return kept
        }
        try graph.forEachNode { node in
            var node = node
            // DOT writes a parent's id as its cluster's `id` attribute.
            let ownKeys = format == .dot ? dotNodeKeys.union(graph.childIds(of: node.id).isEmpty ? [] : ["id"]) : []
            node.data = kept(node.data, ownKeys: ownKeys, owner: "node '\(node.id)'") { .node(node.id, $0) }
            try builder.addNode(node, at: 0)
        }
        graph.forEachEdge { edge in
            var edge = edge
            edge.data = kept(edge.data, ownKeys: edgeOwnKeys, owner: "edge '\(edge.id)'") { .edge(edge.id, $0) }
            if format == .edgelist, edge.id.contains("#") {
                leftOut.add("id (holding '#', which starts a comment; it gets the one reading gives)", "edge '\(edge.id)'")
                edge.id = ""
            }
            builder.addEdge(edge, at: 0)
        }
        let copy = try builder.build()
        copy.nodeLinkStyle = graph.nodeLinkStyle
        copy.viewport = graph.viewport
        return (copy, leftOut.lines)
    }

    /// Everything `format` leaves out of `graph` (which `writableCopy` made), one line per kind of loss naming the
    /// first node or edge that has it and how many others do.
    static func losses(_ graph: Graph, format: GraphFormat) -> [String] {
        var tally = Tally()
        if isEdgeList(format), !graph.directed { tally.add("undirectedness (read back as directed)", "the graph") }
        let dotHandles = format == .dot ? handlesFromEdges(graph) : [:]
        graph.forEachNode { node in
            for what in nodeLosses(node, format: format, dotHandles: dotHandles[node.id] ?? []) { tally.add(what, "node '\(node.id)'") }
        }
        graph.forEachEdge { edge in
            for what in edgeLosses(edge, format: format) { tally.add(what, "edge '\(edge.id)'") }
        }
        for loss in ResearchFormatLimits.losses(graph, format: format) { tally.add(loss.what, loss.owner) }
        return tally.lines
    }

    /// Kinds of loss in the order met, each with the first owner and a count.
    private struct Tally {
        private var order: [String] = []
        private var seen: [String: (first: String, count: Int)] = [:]

        /// Counts one owner having one kind of loss.
        mutating func add(_ what: String, _ owner: String) {
            if let known = seen[what] {
                seen[what] = (known.first, known.count + 1)
            } else {
                order.append(what)
                seen[what] = (owner, 1)
            }
        }

        /// One line per kind: "label: node 'a' and 3 others".
        var lines: [String] {
            order.map { what in
                let (first, count) = seen[what]!
                return "\(what): \(first)" + (count > 1 ? " and \(count - 1) other\(count > 2 ? "s" : "")" : "")
            }
        }
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
