import Foundation

/// SNAP's edge lists (the `.txt` files of snap.stanford.edu): `#` header lines, then one `FromNodeId<tab>ToNodeId`
/// line per edge. A `#` starts a comment only at the start of a line, as SNAP's loaders read it. The header's
/// `# Directed graph` / `# Undirected graph` says the directedness (directed without one); `# Nodes: N Edges: M` is
/// checked against what the file holds; a `# FromNodeId<tab>ToNodeId<tab>Sign` line names extra columns, read as
/// edge data. Node ids are whole numbers.
enum SNAPFormat {
    /// Reads a SNAP edge list, charging `meter` one unit per line.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        var columns = ["FromNodeId", "ToNodeId"]
        var declared: (nodes: Int, edges: Int, line: Int)?
        var seenEdge = false
        var edgeCount = 0
        var nodeCount = 0
        try TextLines.forEach(data, file: file, meter: meter) { number, line in
            if line.hasPrefix("#") {
                guard !seenEdge else { return }
                if let directed = DirectednessComment.directedness(ofComment: line) { builder.directed = directed }
                let words = TextLines.words(line.dropFirst())
                if words.first?.lowercased() == "fromnodeid" || words.first?.lowercased() == "nodeid" {
                    columns = words.map(String.init)
                } else if let counts = declaredCounts(words) {
                    declared = (counts.nodes, counts.edges, number)
                }
                return
            }
            let words = TextLines.words(line)
            if words.isEmpty { return }
            guard words.count >= 2 else {
                throw GraphFileError(file: file, line: number, message: "expected two node ids (FromNodeId ToNodeId), found one")
            }
            guard words.count <= columns.count else {
                throw GraphFileError(
                    file: file, line: number,
                    message: "\(words.count) fields, but the header names \(columns.count) (\(columns.joined(separator: ", ")))")
            }
            for word in words.prefix(2) where Int(word) == nil {
                throw GraphFileError(file: file, line: number, message: "node id '\(word)' is not a whole number, as SNAP's ids are")
            }
            seenEdge = true
            let before = builder.nodes.count
            let source = builder.ensureNode(String(words[0]), at: number)
            let target = builder.ensureNode(String(words[1]), at: number)
            nodeCount += builder.nodes.count - before
            var edge = Edge(id: "", source: String(words[0]), target: String(words[1]))
            for (name, word) in zip(columns.dropFirst(2), words.dropFirst(2)) {
                edge.data[name] = NumberText.value(String(word))
            }
            builder.addEdge(edge, at: number, ends: (source, target))
            edgeCount += 1
        }
        if let declared {
            if declared.edges != edgeCount || nodeCount > declared.nodes {
                throw GraphFileError(
                    file: file, line: declared.line,
                    message: "the header says \(declared.nodes) nodes and \(declared.edges) edges, but the file holds \(nodeCount) nodes and \(edgeCount) edges (a truncated file?)")
            }
        }
        return try builder.build()
    }

    /// The counts of a `Nodes: N Edges: M` header line's words, else nil.
    private static func declaredCounts(_ words: [Substring]) -> (nodes: Int, edges: Int)? {
        guard words.count == 4, words[0].lowercased() == "nodes:", words[2].lowercased() == "edges:",
            let nodes = Int(words[1]), let edges = Int(words[3])
        else { return nil }
        return (nodes, edges)
    }

    /// Writes SNAP's header (directedness, counts, the column names) and one line per edge. Nodes must have
    /// whole-number ids.
    static func write(_ graph: Graph) throws -> String {
        try graph.forEachNode { node in
            guard let number = Int(node.id), String(number) == node.id else {
                throw GraphError("SNAP cannot hold node \(String(reflecting: node.id)): its id is not a whole number (SNAP's loaders read ids as integers)")
            }
        }
        let fields = columns(graph)
        var text = DirectednessComment.line(directed: graph.directed)
        text += "# Nodes: \(graph.nodeCount) Edges: \(graph.edgeCount)\n"
        text += (["# FromNodeId", "ToNodeId"] + fields).joined(separator: "\t") + "\n"
        graph.forEachEdge { edge in
            text += edge.source + "\t" + edge.target
            for field in fields { text += "\t" + NumberText.text(of: edge.data[field]!) }
            text += "\n"
        }
        return text
    }

    /// The edge data fields written as columns: those every edge has as a finite number, named without white space.
    private static func columns(_ graph: Graph) -> [String] {
        guard graph.edgeCount > 0 else { return [] }
        var fields = Set(graph.edge(at: 0).data.keys.filter { !$0.isEmpty && !$0.contains(where: \.isWhitespace) })
        graph.forEachEdge { edge in
            fields = fields.filter { edge.data[$0]?.number?.isFinite == true }
        }
        return fields.sorted()
    }

    /// What SNAP cannot hold beyond what every edge list drops: a node without edges (SNAP lists edges
    /// only) and edge data other than the columns (finite numbers every edge has, named without white space).
    static func losses(_ graph: Graph) -> [FormatLoss] {
        var losses: [FormatLoss] = []
        for lonely in graph.nodeIds where graph.degree(of: lonely) == 0 {
            losses.append(FormatLoss(owner: "node '\(lonely)'", what: "it has no edges (SNAP lists edges only)"))
        }
        let fields = Set(columns(graph))
        graph.forEachEdge { edge in
            for field in edge.data.keys.sorted() where !fields.contains(field) {
                losses.append(FormatLoss(
                    owner: "edge '\(edge.id)'",
                    what: "data field '\(field)' (SNAP's columns hold finite numbers every edge has, named without white space)",
                    data: .edge(edge.id, field)))
            }
        }
        return losses
    }
}
