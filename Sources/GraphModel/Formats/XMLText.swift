import Foundation
import FoundationXML

/// Small helpers shared by the XML formats (GraphML, GEXF).
enum XMLText {
    /// Escapes text for an XML attribute value or element content. Tab, line feed and carriage return become
    /// character references (so attribute normalisation keeps them); the characters XML 1.0 forbids (other C0
    /// controls, U+FFFE, U+FFFF) cannot be written at all and become U+FFFD, so the file always loads.
    static func escape(_ text: String) -> String {
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == 0xEF
        }
        guard needsWork else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An element name without its namespace prefix ("viz:position" gives "position").
    static func localName(_ name: String) -> Substring {
        name.split(separator: ":").last ?? Substring(name)
    }

    /// The text of a data value in XML: numbers in the fixed form, arrays and objects as JSON.
    static func text(of value: DataValue) -> String {
        switch value {
        case .number(let number): return number.isFinite ? NumberText.format(number) : "\(number)"
        case .array, .object:
            var writer = JSONWriter()
            writer.value(value)
            return writer.text
        default: return value.text
        }
    }

    /// The XML type name a set of values fits: "double", "boolean" or "string".
    static func typeName(of values: [DataValue]) -> String {
        if values.allSatisfy({ $0.number != nil }) { return "double" }
        if values.allSatisfy({ if case .bool = $0 { true } else { false } }) { return "boolean" }
        return "string"
    }

    /// A value read as an XML attribute type (int, long, float, double, boolean, string...); nil when it does not fit.
    static func value(_ text: String, type: String) -> DataValue? {
        switch type.lowercased() {
        case "int", "integer", "long", "float", "double", "short", "byte":
            return Double(text.trimmingCharacters(in: .whitespaces)).map(DataValue.number)
        case "boolean":
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        default:
            return .string(text)
        }
    }

    /// The error to report when XMLParser failed: its line, column and reason.
    static func parserFailure(_ parser: XMLParser, file: String) -> GraphFileError? {
        guard let error = parser.parserError else { return nil }
        let code = (error as NSError).code
        let reason = XMLParser.ErrorCode(rawValue: code).map { "\($0)" } ?? "code \(code)"
        return GraphFileError(
            file: file, line: parser.lineNumber, column: parser.columnNumber,
            message: "malformed XML (\(reason))")
    }
}
