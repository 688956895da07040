import Foundation

/// Matrix Market's coordinate format (`.mtx`), the adjacency matrix of a graph as scipy's `mmwrite` and the
/// SuiteSparse and Network Repository collections write it: a `%%MatrixMarket matrix coordinate FIELD SYMMETRY`
/// banner, `%` comments, a `rows columns entries` line, then one `row column [value]` line per entry, 1-based. Nodes
/// are named by their index (`1` to `n`); each entry is an edge, its value the data field `weight` (`pattern` has
/// none; `real` and `integer` have one). `general` is a directed graph, `symmetric` an undirected one (each edge once,
/// written in the lower triangle; an entry above the diagonal is read as it stands).
enum MatrixMarketFormat {
    /// Reads a Matrix Market file, charging `meter` one unit per line.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        var field = "pattern"
        var size: (nodes: Int, entries: Int, line: Int)?
        var entries = 0
        var lastLine = 0
        try TextLines.forEach(data, file: file, meter: meter) { number, line in
            lastLine = number
            if number == 1 {
                (builder.directed, field) = try banner(line, file: file)
                return
            }
            let words = TextLines.words(line)
            if line.hasPrefix("%") || words.isEmpty { return }
            func fail(_ message: String) -> GraphFileError { GraphFileError(file: file, line: number, message: message) }
            guard let (nodes, expected, _) = size else {
                guard words.count == 3, let rows = Int(words[0]), let columns = Int(words[1]), let count = Int(words[2]),
                    rows >= 0, count >= 0
                else { throw fail("expected the size line 'rows columns entries' (three whole numbers)") }
                guard rows == columns else { throw fail("the matrix is \(rows) by \(columns); a graph's adjacency matrix is square") }
                guard rows <= FileSizes.maximumDeclaredNodes else {
                    throw fail("\(rows) rows is more nodes than a file may declare (\(FileSizes.maximumDeclaredNodes))")
                }
                builder.reserve(nodes: min(rows, FileSizes.reservedAhead))
                if rows > 0 {
                    for index in 1...rows {
                        try meter.charge()
                        builder.ensureNode(String(index), at: number)
                    }
                }
                size = (rows, count, number)
                return
            }
            guard entries < expected else { throw fail("more entries than the size line's \(expected)") }
            let hasValues = field != "pattern"
            guard words.count == (hasValues ? 3 : 2) else {
                throw fail(hasValues ? "expected 'row column value'" : "expected 'row column' (a pattern matrix has no values)")
            }
            guard let row = Int(words[0]), let column = Int(words[1]), row >= 1, row <= nodes, column >= 1, column <= nodes else {
                throw fail("'\(words[0]) \(words[1])' is not a row and column between 1 and \(nodes)")
            }
            var edge = Edge(id: "", source: String(row), target: String(column))
            if hasValues {
                let text = words[2].hasPrefix("+") ? words[2].dropFirst() : words[2]
                if field == "integer" {
                    guard let value = NumberText.integer(text) else { throw fail("the value '\(words[2])' is not an integer") }
                    edge.data["weight"] = .integer(value)
                } else {
                    guard let value = NumberText.parse(text) else { throw fail("the value '\(words[2])' is not a number") }
                    edge.data["weight"] = .number(value)
                }
            }
            builder.addEdge(edge, at: number, ends: (row - 1, column - 1))
            entries += 1
        }
        guard let size else { throw GraphFileError(file: file, line: lastLine, message: "no size line 'rows columns entries'") }
        guard entries == size.entries else {
            throw GraphFileError(file: file, line: size.line, message: "the size line says \(size.entries) entries, the file has \(entries) (a truncated file?)")
        }
        return try builder.build()
    }

    /// The directedness and the field (`pattern`, `integer` or `real`), from the banner line; what forcelab cannot
    /// read is an error.
    private static func banner(_ line: Substring, file: String) throws -> (directed: Bool, field: String) {
        let words = TextLines.words(line).map { $0.lowercased() }
        func fail(_ message: String) -> GraphFileError { GraphFileError(file: file, line: 1, message: message) }
        guard words.count == 5, words[0] == "%%matrixmarket", words[1] == "matrix" else {
            throw fail("expected the banner '%%MatrixMarket matrix coordinate FIELD SYMMETRY'")
        }
        guard words[2] == "coordinate" else {
            throw fail("the '\(words[2])' format is not supported (a graph is read from the 'coordinate' format)")
        }
        let field: String
        switch words[3] {
        case "pattern", "integer": field = words[3]
        case "real", "double": field = "real"
        default: throw fail("the field '\(words[3])' is not supported (pattern, real or integer)")
        }
        switch words[4] {
        case "general": return (true, field)
        case "symmetric": return (false, field)
        default: throw fail("the symmetry '\(words[4])' is not supported (general or symmetric)")
        }
    }

    /// Writes the banner (`pattern` when no edge has a weight, `integer` when every weight is an integer, else `real`;
    /// `symmetric` for an undirected graph), the size line and one entry per edge; nodes are numbered in node order.
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.checkNumbers(graph, format: "Matrix Market")
        let field = self.field(graph)
        var text = "%%MatrixMarket matrix coordinate \(field) \(graph.directed ? "general" : "symmetric")\n"
        text += "\(graph.nodeCount) \(graph.nodeCount) \(graph.edgeCount)\n"
        graph.forEachEdge { edge in
            var (row, column) = (graph.index(ofNode: edge.source)! + 1, graph.index(ofNode: edge.target)! + 1)
            if !graph.directed, row < column { swap(&row, &column) }
            text += "\(row) \(column)"
            let weight = edge.data["weight"]?.number ?? 1
            if field == "integer" { text += " " + NumberText.format(weight) }
            if field == "real" { text += " " + NumberText.floating(weight) }
            text += "\n"
        }
        return text
    }

    /// The field a graph is written with: `pattern` when no edge has a numeric weight, `integer` when every weight is
    /// an integer, else `real`.
    private static func field(_ graph: Graph) -> String {
        var weighted = false, integers = true
        graph.forEachEdge { edge in
            switch edge.data["weight"] {
            case .integer?: weighted = true
            case .number?: weighted = true; integers = false
            default: break
            }
        }
        return !weighted ? "pattern" : integers ? "integer" : "real"
    }

    /// What Matrix Market cannot hold: node ids other than 1 to n in node order, edge data other than a
    /// numeric `weight` (on every edge, or on none), parallel edges (readers of matrices add them up) and, in an
    /// undirected graph, an edge written above the diagonal (read back with its ends swapped).
    static func losses(_ graph: Graph) -> [FormatLoss] {
        var losses: [FormatLoss] = []
        for (index, id) in graph.nodeIds.enumerated() where id != String(index + 1) {
            losses.append(FormatLoss(owner: "node '\(id)'", what: "its id (Matrix Market names nodes 1 to n in node order)"))
        }
        let field = self.field(graph)
        var pairs: Set<[Int]> = []
        var weighted: Bool?
        graph.forEachEdge { edge in
            let owner = "edge '\(edge.id)'"
            let hasWeight = edge.data["weight"]?.number != nil
            let others = edge.data.keys.sorted().filter { $0 != "weight" || !hasWeight }
            losses += others.map {
                FormatLoss(
                    owner: owner, what: "data field '\($0)' (Matrix Market holds one number per entry, as 'weight')",
                    data: .edge(edge.id, $0))
            }
            if others.isEmpty, weighted != nil && weighted != hasWeight {
                losses.append(FormatLoss(owner: owner, what: hasWeight ? "a weight where earlier edges have none" : "no weight where earlier edges have one"))
            } else if others.isEmpty, case .integer? = edge.data["weight"], field == "real" {
                losses.append(FormatLoss(owner: owner, what: "an integer weight among real ones (read back as a real: a matrix has one field)"))
            }
            if !pairs.insert(key(edge, graph)).inserted {
                losses.append(FormatLoss(owner: owner, what: "it is parallel to an earlier edge (a matrix holds one entry per pair)"))
            } else if !graph.directed, graph.index(ofNode: edge.source)! < graph.index(ofNode: edge.target)! {
                losses.append(FormatLoss(owner: owner, what: "its ends would be swapped (a symmetric matrix lists each edge in the lower triangle)"))
            }
            weighted = hasWeight
        }
        return losses
    }

    /// The matrix cell of an edge (the lower-triangle one for an undirected graph).
    private static func key(_ edge: Edge, _ graph: Graph) -> [Int] {
        let ends = [graph.index(ofNode: edge.source)!, graph.index(ofNode: edge.target)!]
        return graph.directed ? ends : ends.sorted(by: >)
    }
}
