import Foundation

/// Small helpers shared by the XML formats (GraphML, GEXF); its escaping is Render's SVG writer's too.
public enum XMLText {
    /// True for a UTF-8 byte that may start a character XML 1.0 cannot hold (a C0 control, or 0xEF as in U+FFFE).
    static func suspect(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0xEF }

    /// True for the characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and carriage return;
    /// U+FFFE, U+FFFF): a writer refuses text holding one (see UnwritableText).
    static func cannotHold(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// How a writer escapes: the graph formats (GraphML, GEXF) and Render's SVG pictures differ only in these.
    public struct Escaping: Sendable {
        /// Tab, line feed and carriage return as character references, which attribute normalisation keeps (else
        /// as they are).
        let whitespaceAsReferences: Bool
        /// `'` as `&apos;`.
        let apostrophe: Bool
        /// Characters XML 1.0 cannot hold are left out (a graph file's writer refuses text holding one before).
        let dropsForbidden: Bool

        /// The graph formats': whitespace as references, forbidden characters refused before.
        public static let graphFile = Escaping(whitespaceAsReferences: true, apostrophe: false, dropsForbidden: false)
        /// SVG pictures': whitespace as it is, `'` escaped, forbidden characters dropped.
        public static let picture = Escaping(whitespaceAsReferences: false, apostrophe: true, dropsForbidden: true)
    }

    /// Escapes text for an attribute value or element content, as `escaping` says.
    public static func escape(_ text: String, _ escaping: Escaping = .graphFile) -> String {
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || (escaping.apostrophe && byte == UInt8(ascii: "'"))
                || (escaping.dropsForbidden && byte == 0xEF)
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
            case "'" where escaping.apostrophe: result += "&apos;"
            case "\t" where escaping.whitespaceAsReferences: result += "&#9;"
            case "\n" where escaping.whitespaceAsReferences: result += "&#10;"
            case "\r" where escaping.whitespaceAsReferences: result += "&#13;"
            case _ where escaping.dropsForbidden && cannotHold(scalar): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An element name without its namespace prefix ("viz:position" gives "position").
    static func localName(_ name: String) -> Substring {
        name.split(separator: ":").last ?? Substring(name)
    }

    /// A value read as an XML attribute type (int, long, float, double, boolean, string...); nil when it does not fit.
    static func value(_ text: String, type: String) -> DataValue? {
        switch type.lowercased() {
        case "int", "integer", "long", "short", "byte":
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return NumberText.integer(trimmed).map(DataValue.integer) ?? Double(trimmed).map(DataValue.number)
        case "float", "double":
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

    /// What a libxml2 error code (XMLParser's codes are libxml2's xmlParserErrors) means, in plain words; nil for
    /// the codes not named here. `openElement` is the innermost element open when the error came.
    static func reason(libxml2Code code: Int, openElement: String?) -> String? {
        switch code {
        case 4: return "no root element"
        case 6, 7, 8: return "invalid character reference"
        case 9, 81: return "invalid character or encoding"
        case 23: return "'&' not followed by an entity name and ';' (write a '&' in text as &amp;)"
        case 26, 27: return "undefined entity"
        case 31, 32: return "unsupported encoding"
        case 38: return "'<' in an attribute value"
        case 39: return "attribute value without quotes"
        case 40: return "attribute value without its closing quote"
        case 41: return "attribute without a value"
        case 42, 203: return "attribute given twice"
        case 45: return "unfinished comment"
        case 65: return "a space is required here"
        case 68: return "a name is expected here (write a '&' in text as &amp;)"
        case 73: return "'>' expected: the tag is not finished"
        case 76: return "end tag does not match " + (openElement.map { "<\($0)>" } ?? "its start tag")
        case 97: return "unsupported XML version (XML 1.0 is read)"
        case 201: return "undeclared namespace prefix"
        case 1544, 6003: return "the bytes are not text in the file's encoding"
        default: return nil
        }
    }
}
