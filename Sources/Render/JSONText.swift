/// Writes compact, deterministic JSON text that is safe to embed in an HTML script element.
enum JSONText {
    /// A JSON string literal; `<`, `>`, `&` and line separators are escaped so the text cannot end a script.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A JSON array of strings.
    static func strings(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }

    /// A JSON array of numbers rounded to two decimals.
    static func numbers(_ values: [Double]) -> String {
        "[" + values.map(SVGWriter.number).joined(separator: ",") + "]"
    }
}
