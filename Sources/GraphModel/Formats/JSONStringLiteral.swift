/// JSON string literals as every JSON writer of forcelab writes them: `"` and `\` escaped, `\n`, `\r` and `\t` in
/// their short forms, the other control characters and any scalar the writer names as `\u` escapes (lowercase hex).
public enum JSONStringLiteral {
    /// Appends `text` as a JSON string literal to `out`, with `\u` escapes for the scalars `alsoEscaped` accepts too.
    public static func append(
        _ text: String, to out: inout String, alsoEscaping alsoEscaped: (Unicode.Scalar) -> Bool = { _ in false }
    ) {
        out += "\""
        guard text.unicodeScalars.contains(where: { needsEscape($0) || alsoEscaped($0) }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || alsoEscaped(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Whether JSON itself needs `scalar` escaped.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
    }
}
