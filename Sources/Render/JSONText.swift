import GraphModel

/// Writes compact, deterministic JSON text that is safe to embed in an HTML script element.
enum JSONText {
    /// A JSON string literal; `<`, `>`, `&`, control characters, line separators and the noncharacters
    /// U+FFFE and U+FFFF are written as `\u` escapes, so the text cannot end a script or break an XML reader.
    static func string(_ text: String) -> String {
        var out = ""
        JSONStringLiteral.append(text, to: &out) {
            switch $0 {
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}": true
            default: false
            }
        }
        return out
    }

    /// A JSON array of strings.
    static func strings(_ texts: [String]) -> String {
        "[" + texts.map(string).joined(separator: ",") + "]"
    }

    /// A JSON array of numbers rounded to two decimals.
    static func numbers(_ values: [Double]) -> String {
        "[" + values.map(SVGWriter.number).joined(separator: ",") + "]"
    }

    /// A JSON array of finite numbers to six significant digits (for figures such as alpha, which can be tiny).
    static func figures(_ values: [Double]) -> String {
        "[" + values.map { String(format: "%.6g", $0) }.joined(separator: ",") + "]"
    }
}
