import Foundation

/// networkx's multiline adjacency lists (`write_multiline_adjlist`): a line `node degree` per node, then one line per
/// edge it is the source of, `target {data}` (a Python dictionary literal; an edge without data may have none).
/// Comments and directedness as in `AdjacencyListFormat`.
enum MultilineAdjacencyListFormat {
    /// Reads a multiline adjacency list, charging `meter` one unit per line and per edge. Nodes come in the order of
    /// their own lines (networkx's node order), then those only named as neighbours.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        builder.directed = false
        var edges: [(edge: Edge, line: Int)] = []
        var seenNode = false
        // The node whose neighbour lines are being read and how many lines it still has.
        var source: (id: String, left: Int)?
        var lastLine = 0
        try TextLines.forEach(data, file: file, meter: meter) { number, line in
            lastLine = number
            let hash = line.firstIndex(of: "#")
            if let hash, !seenNode, let directed = DirectednessComment.directedness(ofComment: line[hash...]) {
                builder.directed = directed
            }
            let content = hash.map { line[..<$0] } ?? line
            let words = TextLines.words(content)
            guard let first = words.first else { return }
            seenNode = true
            if let (id, left) = source, left > 0 {
                var edge = Edge(id: "", source: id, target: String(first))
                let rest = content[first.endIndex...].trimmingCharacters(in: .whitespaces)
                if !rest.isEmpty {
                    guard case .object(let fields)? = DataKeyKind.decode(SpacedEdgeListFormat.jsonText(ofPythonLiteral: rest)) else {
                        throw GraphFileError(file: file, line: number, message: "the data \(rest) is not a dictionary literal")
                    }
                    edge.data = fields
                }
                edges.append((edge, number))
                source = (id, left - 1)
                return
            }
            guard words.count == 2, let degree = Int(words[1]), degree >= 0 else {
                throw GraphFileError(file: file, line: number, message: "expected a node and its number of neighbour lines ('node degree'), found '\(content.trimmingCharacters(in: .whitespaces))'")
            }
            builder.ensureNode(String(first), at: number)
            source = (String(first), degree)
        }
        if let (id, left) = source, left > 0 {
            throw GraphFileError(file: file, line: lastLine, message: "node '\(id)' is missing \(left) neighbour line\(left == 1 ? "" : "s") at the end of the file")
        }
        for (edge, number) in edges {
            try meter.charge()
            let ends = (builder.ensureNode(edge.source, at: number), builder.ensureNode(edge.target, at: number))
            builder.addEdge(edge, at: number, ends: ends)
        }
        return try builder.build()
    }

    /// Writes the directedness comment, then each node with its degree and one line per edge it is the source of.
    static func write(_ graph: Graph) throws -> String {
        try DirectednessComment.checkWordIds(graph, format: "a multiline adjacency list")
        try UnwritableText.checkNumbers(graph, format: "a multiline adjacency list")
        try graph.forEachEdge { edge in
            if edge.data.values.contains(where: { SpacedEdgeListFormat.pythonLiteral($0).contains("#") }) {
                throw GraphError("a multiline adjacency list cannot hold edge \(String(reflecting: edge.id))'s data: it holds '#', which starts a comment")
            }
        }
        let edges = AdjacencyListFormat.edgesBySource(graph)
        var text = DirectednessComment.line(directed: graph.directed)
        for (index, id) in graph.nodeIds.enumerated() {
            text += "\(id) \(edges[index].count)\n"
            for edge in edges[index] {
                text += edge.target
                if !edge.data.isEmpty { text += " " + SpacedEdgeListFormat.pythonLiteral(.object(edge.data)) }
                text += "\n"
            }
        }
        return text
    }
}
