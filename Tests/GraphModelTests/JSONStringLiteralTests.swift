import Testing
import GraphModel

/// The one JSON string writer the JSON formats, data tables and replay pages share.
@Suite struct JSONStringLiteralTests {
    func literal(_ text: String, alsoEscaping: @escaping (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        var out = "x="
        JSONStringLiteral.append(text, to: &out, alsoEscaping: alsoEscaping)
        return out
    }

    @Test func plainTextIsQuotedAsItIs() {
        #expect(literal("Les Misérables <3") == "x=\"Les Misérables <3\"")
        #expect(literal("") == "x=\"\"")
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect(literal("a\"b\\c\nd\re\tf") == #"x="a\"b\\c\nd\re\tf""#)
        #expect(literal("\u{0}\u{1F}\u{8}") == #"x="\u0000\u001f\u0008""#)
    }

    @Test func aWriterNamesMoreScalarsToEscape() {
        let html = literal("</script>&\u{2028}") { "<>&\u{2028}".unicodeScalars.contains($0) }
        #expect(html == #"x="\u003c/script\u003e\u0026\u2028""#)
        #expect(literal("\u{2028}") == "x=\"\u{2028}\"")
    }
}
