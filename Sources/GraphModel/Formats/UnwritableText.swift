/// Finds text a format cannot hold (a NUL byte in DOT, a control character in XML) or a data number it cannot
/// hold (infinite or NaN, in JSON and edge lists) anywhere in a graph, so a save refuses the graph instead of
/// writing a file that reads back differently.
enum UnwritableText {
    /// Throws naming the first node or edge, and the data field, holding a number that is not finite.
    static func checkNumbers(_ graph: Graph, format: String) throws {
        let finite = isFinite
        func check(_ data: [String: DataValue], _ owner: () -> String) throws {
            guard !data.isEmpty, !data.values.allSatisfy(finite) else { return }
            let key = data.keys.sorted().first { !finite(data[$0]!) }!
            throw GraphError("\(owner()): data field '\(key)' holds a number that is not finite, which \(format) cannot hold")
        }
        try graph.forEachNode { node in try check(node.data) { "node \(String(reflecting: node.id))" } }
        try graph.forEachEdge { edge in try check(edge.data) { "edge \(String(reflecting: edge.id))" } }
    }

    /// Whether every number a value holds (nested ones included) is finite.
    static func isFinite(_ value: DataValue) -> Bool {
        switch value {
        case .number(let number): return number.isFinite
        case .array(let values): return values.allSatisfy(isFinite)
        case .object(let fields): return fields.values.allSatisfy(isFinite)
        default: return true
        }
    }

    /// Throws naming the first node or edge, and the field, whose text holds a character `cannotHold` refuses;
    /// `format` names the format in the message. Only a text holding a byte `suspect` marks is looked at closely.
    static func check(
        _ graph: Graph, format: String, suspect: (UInt8) -> Bool, cannotHold: (Unicode.Scalar) -> Bool
    ) throws {
        try check(graph, format: format, suspect: suspect) { text in
            text.unicodeScalars.first(where: cannotHold).map(code)
        }
    }

    /// Throws naming the first node or edge, and the field, whose text `problem` describes a problem of ("U+0000",
    /// "a backslash at its end"); only a text holding a byte `suspect` marks is given to `problem`.
    static func check(
        _ graph: Graph, format: String, suspect: (UInt8) -> Bool, problem: (String) -> String?
    ) throws {
        func bad(_ text: String?) -> String? {
            guard let text, text.utf8.contains(where: suspect) else { return nil }
            return problem(text)
        }
        func fail(_ owner: String, _ field: String, _ what: String) -> GraphError {
            GraphError("\(owner): \(field) holds \(what), which \(format) cannot hold")
        }
        try graph.forEachNode { node in
            let owner = { "node \(String(reflecting: node.id))" }
            if let scalar = bad(node.id) { throw fail(owner(), "the id", scalar) }
            if let scalar = bad(node.label) { throw fail(owner(), "the label", scalar) }
            if let scalar = bad(node.type) { throw fail(owner(), "the type", scalar) }
            if let scalar = bad(node.parentId) { throw fail(owner(), "the parent", scalar) }
            for handle in node.handles { if let scalar = bad(handle.id) { throw fail(owner(), "a handle id", scalar) } }
            if !node.data.isEmpty { try checkData(node.data, owner: owner(), bad: bad, fail: fail) }
        }
        try graph.forEachEdge { edge in
            let owner = { "edge \(String(reflecting: edge.id))" }
            if let scalar = bad(edge.id) { throw fail(owner(), "the id", scalar) }
            if let scalar = bad(edge.sourceHandle) { throw fail(owner(), "the source handle", scalar) }
            if let scalar = bad(edge.targetHandle) { throw fail(owner(), "the target handle", scalar) }
            if let scalar = bad(edge.label) { throw fail(owner(), "the label", scalar) }
            if let scalar = bad(edge.type) { throw fail(owner(), "the type", scalar) }
            if !edge.data.isEmpty { try checkData(edge.data, owner: owner(), bad: bad, fail: fail) }
        }
    }

    /// Checks data field names and string values, nested ones included.
    private static func checkData(
        _ data: [String: DataValue], owner: String, bad: (String?) -> String?,
        fail: (String, String, String) -> GraphError
    ) throws {
        func visit(_ value: DataValue, field: String) throws {
            switch value {
            case .string(let text): if let scalar = bad(text) { throw fail(owner, "data field '\(field)'", scalar) }
            case .array(let values): for item in values { try visit(item, field: field) }
            case .object(let fields):
                for key in fields.keys.sorted() {
                    let item = fields[key]!
                    if let scalar = bad(key) { throw fail(owner, "a key in data field '\(field)'", scalar) }
                    try visit(item, field: field)
                }
            default: break
            }
        }
        for key in data.keys.sorted() {
            if let scalar = bad(key) { throw fail(owner, "a data field name", scalar) }
            try visit(data[key]!, field: key)
        }
    }

    /// A character as its code point: "U+0000".
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
