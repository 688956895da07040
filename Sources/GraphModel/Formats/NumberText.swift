/// Fixed number formatting for saved files (integers without a fraction, others as the shortest round-trip decimal),
/// and data values as text in the formats without JSON types.
enum NumberText {
    /// The text of a number (`nan`, `inf` and `-inf` as Swift writes them).
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(value))
        }
        return value.description
    }

    /// A finite number read from text, accepting what `format` writes and ordinary decimals; nil otherwise (so
    /// "1e999" stays text).
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The text of a data value in a format without JSON types (XML, DOT, edge lists): arrays and objects as JSON,
    /// numbers in the fixed form, the others as their short text.
    static func text(of value: DataValue) -> String {
        switch value {
        case .array, .object: return JSONWriter.text(of: value)
        default: return value.text
        }
    }

    /// A data value from text in a format without types (DOT, edge lists): a number, true or false, or the text.
    static func value(_ text: String) -> DataValue {
        if let number = parse(text) { return .number(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }
}
