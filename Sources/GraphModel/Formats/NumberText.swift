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

    /// The text of a floating-point data value, in its floating-point form even when whole (`2.0`, `1e+20`, `0.5`),
    /// as Python's `repr` and JSON writers that keep a float a float write it; `nan`, `inf` and `-inf` as Swift
    /// writes them.
    static func floating(_ value: Double) -> String {
        value.description
    }

    /// A finite number read from text, accepting what `format` writes and ordinary decimals; nil otherwise (so
    /// "1e999" stays text).
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// An integer written as one: an optional minus sign and digits (no plus sign, point or exponent), in Int's
    /// range; nil otherwise.
    static func integer<S: StringProtocol>(_ text: S) -> Int? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// The text of a data value in a format without JSON types (XML, DOT, edge lists): arrays and objects as JSON,
    /// numbers in the fixed form, the others as their short text.
    static func text(of value: DataValue) -> String {
        switch value {
        case .array, .object: return JSONWriter.text(of: value)
        case .number(let number): return floating(number)
        default: return value.text
        }
    }

    /// The words read as booleans in CSV and TSV cells: `true` and `false`, and as pandas writes them.
    static let cellBooleans: [String: Bool] = ["true": true, "false": false, "True": true, "False": false, "TRUE": true, "FALSE": false]

    /// A data value from text in a format without types (DOT, edge lists): an integer when written as one (digits
    /// with an optional minus sign), another number, true or false (or any of `booleans`), or the text.
    static func value(_ text: String, booleans: [String: Bool] = ["true": true, "false": false]) -> DataValue {
        if let integer = integer(text) { return .integer(integer) }
        if let number = parse(text) { return .number(number) }
        if let flag = booleans[text] { return .bool(flag) }
        return .string(text)
    }
}
