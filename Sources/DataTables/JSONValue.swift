import GraphModel

/// A JSON value whose objects keep their keys in order, written compactly and deterministically.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONField])

    /// Compact JSON text; numbers as `NumberFormat` writes them (a non-finite number, which JSON cannot hold, as null).
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The value of `key` when this is an object holding it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let value): out += value.isFinite ? NumberFormat.text(value) : "null"
        case .string(let text): JSONValue.quote(text, into: &out)
        case .array(let values):
            out += "["
            for (offset, value) in values.enumerated() {
                if offset > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (offset, field) in fields.enumerated() {
                if offset > 0 { out += "," }
                JSONValue.quote(field.key, into: &out)
                out += ":"
                field.value.write(into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal, the line separators escaped too (JavaScript reads them as line ends in a string).
    private static func quote(_ text: String, into out: inout String) {
        JSONStringLiteral.append(text, to: &out, alsoEscaping: { $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    /// Reads one JSON value that fills `text` (surrounding white space allowed); errors name the column.
    public static func parse(_ text: Substring) throws -> JSONValue {
        var reader = JSONLineReader(Array(text.utf8))
        return try reader.document()
    }
}

/// One key and value of a JSON object.
public struct JSONField: Equatable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// Makes a field.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
