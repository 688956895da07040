import Foundation

/// Reads GML as networkx and igraph write it: `graph [ directed 1 node [ id 0 label "a" ] edge [ source 0 target 1 ] ]`,
/// nested `key value` lists whose values are integers, reals (`INF`, `NAN` too), strings (HTML character references
/// such as `&#34;` and `&amp;` decoded) or lists in brackets; `#` starts a comment. Nodes are named by their labels
/// when every node has a distinct one (networkx's `read_gml`), else by their ids (igraph's files), the label then
/// being the node's label. A node's `graphics` gives its position (`x`, `y`, `z`) and size (`w`, `h`); edges'
/// `id` is their id; every other key is data, a repeated key an array (with networkx's `_networkx_list_start` and
/// `"[]"` conventions for short lists).
struct GMLReader {
    /// A parsed value.
    indirect enum Value {
        case number(Double, text: Substring)
        case string(String)
        case list([Entry])
    }

    /// One `key value` pair and the line it starts on.
    struct Entry {
        let key: String
        let value: Value
        let line: Int
    }

    /// How deep lists may nest (as deep as Foundation's JSON reader lets data nest), so a hostile file cannot
    /// exhaust the stack.
    static let maximumDepth = 512

    /// networkx's marker for a list of one item.
    static let listStart = "_networkx_list_start"

    /// The input.
    private let bytes: UnsafeRawBufferPointer
    /// The file, for messages.
    private let file: String
    /// The work meter.
    private let meter: WorkMeter
    /// The read position.
    private var offset = 0
    /// The current 1-based line.
    private var line = 1

    /// Reads a GML file, charging `meter` one unit per key.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        _ = try TextLines.utf8Text(data, file: file)
        let entries = try data.withUnsafeBytes { bytes -> [Entry] in
            var reader = GMLReader(bytes: bytes, file: file, meter: meter)
            return try reader.parseList(depth: 0)
        }
        let graphs = entries.filter { $0.key == "graph" }
        guard let graph = graphs.first else { throw GraphFileError(file: file, message: "the file holds no 'graph [ ... ]'") }
        guard graphs.count == 1 else { throw GraphFileError(file: file, line: graphs[1].line, message: "a second graph (a GML file holds one)") }
        guard case .list(let body) = graph.value else { throw GraphFileError(file: file, line: graph.line, message: "'graph' is not a list in brackets") }
        return try GMLGraphBuilder(file: file, meter: meter).build(body)
    }

    /// A reader at the start of the input.
    private init(bytes: UnsafeRawBufferPointer, file: String, meter: WorkMeter) {
        self.bytes = bytes
        self.file = file
        self.meter = meter
    }

    /// An error at the current line.
    private func fail(_ message: String) -> GraphFileError { GraphFileError(file: file, line: line, message: message) }

    /// Skips white space and comments.
    private mutating func skipSpace() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                continue
            } else if !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")) {
                return
            }
            offset += 1
        }
    }

    /// Parses `key value` pairs up to a `]` (in a list `depth` levels deep) or the end (at depth 0).
    private mutating func parseList(depth: Int) throws -> [Entry] {
        guard depth <= Self.maximumDepth else { throw fail("lists nest deeper than \(Self.maximumDepth) levels") }
        let closed = depth > 0
        var entries: [Entry] = []
        while true {
            skipSpace()
            guard offset < bytes.count else {
                if closed { throw fail("a list is not closed with ']' before the end of the file") }
                return entries
            }
            if bytes[offset] == UInt8(ascii: "]") {
                guard closed else { throw fail("']' without a '['") }
                offset += 1
                return entries
            }
            try meter.charge()
            let keyLine = line
            let key = try parseKey()
            skipSpace()
            guard offset < bytes.count else { throw fail("key '\(key)' has no value before the end of the file") }
            entries.append(Entry(key: key, value: try parseValue(key: key, depth: depth), line: keyLine))
        }
    }

    /// Parses a key: a letter or `_`, then letters, digits and `_`.
    private mutating func parseKey() throws -> String {
        let start = offset
        while offset < bytes.count, Self.isKeyByte(bytes[offset], first: offset == start) { offset += 1 }
        guard offset > start else { throw fail("expected a key, found \(describe(at: start))") }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    /// True for a byte a key may hold (a letter or `_` first, then digits too).
    private static func isKeyByte(_ byte: UInt8, first: Bool) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// What sits at an offset, for messages.
    private func describe(at start: Int) -> String {
        let end = min(bytes.count, start + 20)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return "'\(text.prefix { !$0.isNewline })'"
    }

    /// Parses a value of a list `depth` levels deep: a list in brackets, a string in double quotes, or a number.
    private mutating func parseValue(key: String, depth: Int) throws -> Value {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "[") {
            offset += 1
            return .list(try parseList(depth: depth + 1))
        }
        if byte == UInt8(ascii: "\"") {
            let startLine = line
            offset += 1
            let start = offset
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
                offset += 1
            }
            guard offset < bytes.count else {
                throw GraphFileError(file: file, line: startLine, message: "the string of key '\(key)' is not closed")
            }
            let raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            offset += 1
            return .string(Self.unescape(raw))
        }
        let start = offset
        while offset < bytes.count, !Self.endsWord(bytes[offset]) { offset += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let number = Self.number(word) else {
            throw fail("the value of key '\(key)' is \(describe(at: start)), not a number, a string in double quotes or a list in brackets")
        }
        return .number(number, text: Substring(word))
    }

    /// True for a byte that ends an unquoted value.
    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"")
    }

    /// A GML number: an integer or a real (`1.5`, `-2.`, `.5E3`, `+INF`, `-INF`, `NAN`), else nil.
    static func number(_ word: String) -> Double? {
        var body = Substring(word)
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body == "INF" { return sign * .infinity }
        if body == "NAN" && word == "NAN" { return .nan }
        guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return nil }
        guard body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }),
            let value = Double(body)
        else { return nil }
        return sign * value
    }

    /// Decodes HTML character references (`&#34;`, `&#x22;`, `&amp;`, `&quot;`, `&lt;`, `&gt;`, `&apos;`) as
    /// networkx's writer makes them; anything else is left as it is.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let scalar = Self.scalar(named: name) {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// The character a reference's name (between `&` and `;`) stands for.
    private static func scalar(named name: Substring) -> Unicode.Scalar? {
        let named: [Substring: Unicode.Scalar] = ["amp": "&", "quot": "\"", "lt": "<", "gt": ">", "apos": "'", "nbsp": "\u{A0}"]
        if let scalar = named[name] { return scalar }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init)
    }
}
