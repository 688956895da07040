/// A JSON-like value: what node and edge `data` fields hold. Numbers keep their kind, as JSON text, Python and Lua
/// tell them apart: an integer (`38`) or a floating-point number (`38.0`, `0.5`); files write each in its own form.
public enum DataValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([DataValue])
    case object([String: DataValue])

    /// The number this value holds, if it is a number (an integer or not).
    public var number: Double? {
        switch self {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// A coordinate or size as JSON writes it: whole numbers below 10^15 as integers (`5`, not `5.0`), as forcelab
    /// has always written positions; others floating-point.
    public static func coordinate(_ value: Double) -> DataValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int(value)) }
        return .number(value)
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
        case .integer(let value): return String(value)
        case .number(let value): return NumberText.format(value)
        case .string(let value): return value
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!.text)" }.joined(separator: ", ") + "}"
        }
    }
}
