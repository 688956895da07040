import Foundation

/// networkx's adjacency lists (`write_adjlist`): one line per node, the node then the targets of the edges it is
/// the source of (each edge of an undirected graph once). `#` starts a comment anywhere in a line, as networkx reads
/// it; a `# Directed graph` or `# Undirected graph` comment before the first node says the directedness (forcelab
/// writes one), else the graph is undirected, as `read_adjlist` makes it. Ids are words without white space or `#`,
/// not starting with `{` (a multiline adjacency list's data).
enum AdjacencyListFormat {
    /// Reads an adjacency list, charging `meter` one unit per line and per edge. Nodes come in the order of their
    /// own lines (networkx's node order), then those only named as neighbours.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        builder.directed = false
        var lines: [(number: Int, words: [Substring])] = []
        try TextLines.forEach(data, file: file, meter: meter) { number, line in
            let hash = line.firstIndex(of: "#")
            if let hash, lines.isEmpty, let directed = DirectednessComment.directedness(ofComment: line[hash...]) {
                builder.directed = directed
            }
            let words = TextLines.words(hash.map { line[..<$0] } ?? line)
            if let brace = words.first(where: { $0.hasPrefix("{") }) {
                throw GraphFileError(
                    file: file, line: number,
                    message: "'\(brace)' is a dictionary, not a node id: a multiline adjacency list? (give format = \"multiline_adjlist\")")
            }
            if let head = words.first {
                builder.ensureNode(String(head), at: number)
                lines.append((number, words))
            }
        }
        for (number, words) in lines {
            let head = String(words[0])
            let source = builder.ensureNode(head, at: number)
            for word in words.dropFirst() {
                try meter.charge()
                let target = builder.ensureNode(String(word), at: number)
                builder.addEdge(Edge(id: "", source: head, target: String(word)), at: number, ends: (source, target))
            }
        }
        return try builder.build()
    }

    /// Writes the directedness comment, then one line per node with the targets of its edges.
    static func write(_ graph: Graph) throws -> String {
        try DirectednessComment.checkWordIds(graph, format: "an adjacency list")
        let edges = edgesBySource(graph)
        var text = DirectednessComment.line(directed: graph.directed)
        for (index, id) in graph.nodeIds.enumerated() {
            text += id
            for edge in edges[index] { text += " " + edge.target }
            text += "\n"
        }
        return text
    }

    /// The edges of each node it is the source of (by node index), in edge order: the order lines list them in.
    static func edgesBySource(_ graph: Graph) -> [[Edge]] {
        var edges = [[Edge]](repeating: [], count: graph.nodeCount)
        graph.forEachEdge { edge in edges[graph.index(ofNode: edge.source)!].append(edge) }
        return edges
    }
}
