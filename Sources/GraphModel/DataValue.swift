/// A JSON-like value: what node and edge `data` fields hold.
public enum DataValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DataValue])
    case object([String: DataValue])

    /// The number this value holds, if it is a number.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string this value holds, if it is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A short text form: strings as they are, numbers without a trailing ".0".
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return NumberText.format(value)
        case .string(let value): return value
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!.text)" }.joined(separator: ", ") + "}"
        }
    }
}
