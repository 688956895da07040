import Foundation

/// How the XML formats (GraphML, GEXF) declare a data field from the values it holds: one XML type when every value
/// is an integer, every one a floating-point number, every one a boolean or every one a string; integers and
/// floating-point numbers together as two keys of the one name, as networkx writes them ("double", and "long" under
/// an id starting with "ni." or "ei."); otherwise (null, arrays, objects, mixed kinds) each value as its JSON text
/// under a key whose id starts with "nj." (node) or "ej." (edge), which reading decodes again.
enum DataKeyKind: Equatable {
    /// Integers, as "long".
    case integer
    /// Floating-point numbers, as "double".
    case double
    /// Both: floating-point numbers as "double", integers under a second key, as "long".
    case numbers
    /// Booleans, as "boolean".
    case boolean
    /// Strings, as "string".
    case string
    /// Anything else, as JSON text in a "string" key.
    case json

    /// The start of the id of the node key holding the integers of a field that has floating-point numbers too.
    static let nodeIntegerPrefix = "ni."
    /// The start of the id of the edge key holding the integers of a field that has floating-point numbers too.
    static let edgeIntegerPrefix = "ei."
    /// The start of the id of a node key holding JSON text.
    static let nodeJSONPrefix = "nj."
    /// The start of the id of an edge key holding JSON text.
    static let edgeJSONPrefix = "ej."

    /// The kind that holds every one of `values`.
    init(of values: [DataValue]) {
        if values.allSatisfy({ if case .integer = $0 { true } else { false } }) {
            self = .integer
        } else if values.allSatisfy({ if case .number = $0 { true } else { false } }) {
            self = .double
        } else if values.allSatisfy({ $0.number != nil }) {
            self = .numbers
        } else if values.allSatisfy({ if case .bool = $0 { true } else { false } }) {
            self = .boolean
        } else if values.allSatisfy({ $0.string != nil }) {
            self = .string
        } else {
            self = .json
        }
    }

    /// The XML type name the key declares.
    var typeName: String {
        switch self {
        case .integer: return "long"
        case .double, .numbers: return "double"
        case .boolean: return "boolean"
        case .string, .json: return "string"
        }
    }

    /// The text of a value in a key of this kind.
    func text(of value: DataValue) -> String {
        self == .json ? JSONWriter.text(of: value) : NumberText.text(of: value)
    }

    /// True when a value of a field of this kind goes under the field's second, integer key.
    func usesIntegerKey(_ value: DataValue) -> Bool {
        if self == .numbers, case .integer = value { return true }
        return false
    }

    /// True when a key id is one of the prefixed ones of data fields (JSON text, or the integers of a field with
    /// floating-point numbers too), which a field's own name must not be taken for.
    static func isPrefixed(keyId: String) -> Bool {
        isJSON(keyId: keyId) || keyId.hasPrefix(nodeIntegerPrefix) || keyId.hasPrefix(edgeIntegerPrefix)
    }

    /// True when a key id marks JSON text.
    static func isJSON(keyId: String) -> Bool {
        keyId.hasPrefix(nodeJSONPrefix) || keyId.hasPrefix(edgeJSONPrefix)
    }

    /// The value JSON text holds; nil when it is not JSON.
    static func decode(_ text: String) -> DataValue? {
        try? JSONDecoder().decode(DecodedValue.self, from: JSONFloatLiterals.marked(Data(text.utf8))).value
    }
}

/// A data value as JSONDecoder reads one (booleans and numbers kept apart).
private struct DecodedValue: Decodable {
    /// The value read.
    let value: DataValue

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            value = JSONFloatLiterals.value(ofNumber: number) { try? container.decode(Int.self) }
        } else if let text = try? container.decode(String.self) {
            value = JSONFloatLiterals.value(ofString: text)
        } else if let list = try? container.decode([DecodedValue].self) {
            value = .array(list.map(\.value))
        } else {
            value = .object(try container.decode([String: DecodedValue].self).mapValues(\.value))
        }
    }
}
