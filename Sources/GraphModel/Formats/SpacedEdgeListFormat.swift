import Foundation

/// White-space-separated edge lists, as networkx's `write_edgelist` and `write_weighted_edgelist` write them: one
/// `source target` line per edge, then its data either as a dictionary (`{'weight': 3, 'id': 'e1'}`, Python or
/// JSON literals, an `id` entry naming the edge) or as one number (its weight); any other line with more than two
/// fields is an error. `#` starts a comment wherever it stands, as networkx reads it; a line with one word
/// declares a node without edges. Ids cannot hold white space or `#`, nor start with `{`.
enum SpacedEdgeListFormat {
    /// Reads an edge list, charging `meter` one unit per line.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        guard let text = String(validating: data, as: UTF8.self) else {
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            throw GraphFileError(file: file, line: bad + 1, message: "the text is not valid UTF-8")
        }
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            try meter.charge()
            let line = rawLine.prefix { $0 != "#" }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = words.first else { continue }
            let source = builder.ensureNode(String(first), at: lineNumber)
            guard words.count >= 2 else { continue }
            let target = builder.ensureNode(String(words[1]), at: lineNumber)
            var edge = Edge(id: "", source: String(first), target: String(words[1]))
            let rest = line[words[1].endIndex...].trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("{") {
                guard case .object(var fields)? = DataKeyKind.decode(jsonText(ofPythonLiteral: rest)) else {
                    throw GraphFileError(file: file, line: lineNumber, message: "the data \(rest) is not a dictionary literal")
                }
                if case .string(let id)? = fields["id"] {
                    edge.id = id
                    fields["id"] = nil
                }
                edge.data = fields
            } else if words.count == 3, case let weight = NumberText.value(String(words[2])), weight.number != nil {
                edge.data["weight"] = weight
            } else if words.count > 2 {
                // networkx refuses such a line too; guessing (an id with a space, a word as a weight) misreads it.
                throw GraphFileError(
                    file: file, line: lineNumber,
                    message: "\(words.count) fields (\(words.map { "'\($0)'" }.joined(separator: " "))): expected source and "
                        + "target (ids without white space), then a {...} dictionary or one number (the weight)")
            }
            builder.addEdge(edge, at: lineNumber, ends: (source, target))
        }
        return try builder.build()
    }

    /// JSON text for a Python literal as networkx writes one: single-quoted strings become double-quoted, True,
    /// False and None become true, false and null; JSON text comes through unchanged.
    static func jsonText(ofPythonLiteral literal: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        var word = ""
        func flushWord() {
            result += ["True": "true", "False": "false", "None": "null"][word] ?? word
            word = ""
        }
        for character in literal {
            if let open = quote {
                if escaped {
                    result += character == "'" ? "'" : "\\" + String(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    result += "\""
                    quote = nil
                } else {
                    result += character == "\"" ? "\\\"" : String(character)
                }
            } else if character == "'" || character == "\"" {
                flushWord()
                result += "\""
                quote = character
            } else if character.isLetter {
                word.append(character)
            } else {
                flushWord()
                result.append(character)
            }
        }
        flushWord()
        return result
    }

    /// Writes one line per edge (its data, and its id unless it is the one reading would give, as a
    /// dictionary literal both Python and forcelab read), then one line per node without edges.
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.checkNumbers(graph, format: "an edge list")
        try graph.forEachNode { node in
            let id = node.id
            if id.isEmpty || id.hasPrefix("{") || id.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" || $0.isNewline }) {
                throw GraphError("an edge list cannot hold node \(String(reflecting: id))'s id (empty, white space, '#' or a leading '{')")
            }
        }
        try graph.forEachEdge { edge in
            if edge.data["id"] != nil { throw GraphError("edge '\(edge.id)': data field 'id' clashes with the edge list's own id") }
            if edge.id.contains("#") { throw GraphError("an edge list cannot hold edge '\(edge.id)''s id ('#' starts a comment)") }
        }
        var text = ""
        for (index, edge) in graph.edges.enumerated() {
            text += edge.source + " " + edge.target
            var fields = edge.data
            if !GraphBuilder.readingGives(edge.id, toEdgeAt: index, of: graph) { fields["id"] = .string(edge.id) }
            if !fields.isEmpty { text += " " + pythonLiteral(.object(fields)) }
            text += "\n"
        }
        graph.forEachNode { node in
            if graph.degree(of: node.id) == 0 { text += node.id + "\n" }
        }
        return text
    }

    /// A data value as a Python literal (JSON's strings and numbers, True, False and None), keys sorted.
    static func pythonLiteral(_ value: DataValue) -> String {
        switch value {
        case .null: return "None"
        case .bool(let flag): return flag ? "True" : "False"
        case .array(let values): return "[" + values.map(pythonLiteral).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { pythonLiteral(.string($0)) + ": " + pythonLiteral(fields[$0]!) }
                .joined(separator: ", ") + "}"
        case .integer, .number, .string: return JSONWriter.text(of: value)
        }
    }
}
