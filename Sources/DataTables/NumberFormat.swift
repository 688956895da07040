/// How tables write numbers: whole numbers without a fraction, others as the shortest decimal that reads back equal.
public enum NumberFormat {
    /// The text of a finite number.
    public static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return value == 0 ? "0" : String(Int64(value)) }
        return value.description
    }

    /// A number read from text such as `text` writes (or any decimal with an optional exponent; no hexadecimal, inf or nan); nil otherwise.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              text.utf8.allSatisfy({ "+-0123456789.eE".utf8.contains($0) }),
              let value = Double(text), value.isFinite
        else { return nil }
        return value
    }
}
