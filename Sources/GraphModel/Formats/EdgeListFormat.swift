import Foundation

/// CSV and TSV edge lists: an optional `source,target[,id][,field...]` header, then one edge per row; a row with a
/// single field declares a node with no edges. Without a header, extra columns are `weight`, `column4`, ...; a row
/// with more fields than the header (or, without one, the first edge row) is an error. Values read as integers,
/// other numbers or booleans (`true`, `True`, `TRUE`...) when they look like one; nodes get only ids.
enum EdgeListFormat {
    /// Reads an edge list whose fields are split by `separator`, charging `meter` one unit per row.
    static func read(_ data: Data, separator: UInt8, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        var columns: [String]?
        // How many fields a row may have, and what says so: the header, else the first edge row (as pandas reads).
        var width: (count: Int, setBy: String)?
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var reader = FieldReader(bytes: bytes, separator: separator)
            while let (fields, quoted, line) = try reader.nextRow(file: file) {
                try meter.charge()
                if fields.count == 1 && fields[0].isEmpty && !quoted[0] { continue }
                if !quoted[0], fields[0].hasPrefix("#") {
                    throw GraphFileError(
                        file: file, line: line,
                        message: "a row starting with '#': CSV and TSV have no comments (quote an id that starts with '#'; "
                            + "an edge list with '#' comment lines, as networkx and SNAP write them, reads with format = \"edgelist\")")
                }
                if columns == nil {
                    if fields.count >= 2, fields[0].lowercased() == "source", fields[1].lowercased() == "target" {
                        columns = fields
                        width = (fields.count, "the header names")
                        continue
                    }
                    columns = ["source", "target", "weight"]
                }
                if let width, fields.count > width.count {
                    throw GraphFileError(file: file, line: line, message: "\(fields.count) fields, but \(width.setBy) \(width.count)")
                }
                if width == nil, fields.count >= 2 { width = (fields.count, "the first row has") }
                // An empty id must be quoted (""): an unquoted empty field is a missing one.
                guard !fields[0].isEmpty || quoted[0], fields.count == 1 || !fields[1].isEmpty || quoted[1] else {
                    throw GraphFileError(file: file, line: line, message: "empty node id (write an empty id as \"\")")
                }
                let source = builder.ensureNode(fields[0], at: line)
                guard fields.count >= 2 else { continue }
                let target = builder.ensureNode(fields[1], at: line)
                var edge = Edge(id: "", source: fields[0], target: fields[1])
                for index in 2..<fields.count where !fields[index].isEmpty {
                    let name = index < columns!.count ? columns![index] : "column\(index + 1)"
                    if name == "id" { edge.id = fields[index] } else { edge.data[name] = NumberText.value(fields[index], booleans: NumberText.cellBooleans) }
                }
                builder.addEdge(edge, at: line, ends: (source, target))
            }
        }
        return try builder.build()
    }

    /// Writes a header, the edges, then nodes without edges as one-field rows.
    static func write(_ graph: Graph, separator: UInt8) throws -> String {
        let separatorText = String(UnicodeScalar(separator))
        var keys: Set<String> = []
        graph.forEachEdge { keys.formUnion($0.data.keys) }
        if let clash = ["source", "target", "id"].first(where: keys.contains) {
            throw GraphError("edge data field '\(clash)' clashes with the edge list's own column")
        }
        let fields = keys.sorted()
        // Ids reading gives back by itself are left out (an empty cell), and the column when every id is one.
        let edges = graph.edges
        let writtenIds = edges.enumerated().map { GraphBuilder.readingGives($1.id, toEdgeAt: $0, of: graph) ? nil : $1.id }
        let writesIds = writtenIds.contains { $0 != nil }
        let header = ["source", "target"] + (writesIds ? ["id"] : []) + fields
        var text = header.map { quote($0, separator) }.joined(separator: separatorText)
        text += "\n"
        for (index, edge) in edges.enumerated() {
            text += quote(edge.source, separator)
            text += separatorText
            text += quote(edge.target, separator)
            if writesIds {
                text += separatorText
                text += writtenIds[index].map { quote($0, separator) } ?? ""
            }
            for key in fields {
                text += separatorText
                text += edge.data[key].map { quote(cell($0), separator) } ?? ""
            }
            text += "\n"
        }
        graph.forEachNode { node in
            if graph.degree(of: node.id) == 0 { text += quote(node.id, separator) + "\n" }
        }
        return text
    }

    /// The text of a data value in a cell.
    private static func cell(_ value: DataValue) -> String {
        switch value {
        case .null: return ""
        case .number(let number) where !number.isFinite: return ""
        default: return NumberText.text(of: value)
        }
    }

    /// A field, quoted when it is empty, starts with `#` or holds the separator, a quote, a line break or outer spaces. Bytes are
    /// what the reader splits on, so they are what is checked: a separator followed by a combining mark is still one.
    private static func quote(_ field: String, _ separator: UInt8) -> String {
        let space = UInt8(ascii: " ")
        let needsQuotes = field.isEmpty || field.utf8.first == space || field.utf8.last == space
            || field.utf8.first == UInt8(ascii: "#") || field.utf8.contains {
            $0 == separator || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
