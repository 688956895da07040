import Foundation

/// A JSON object being read, with its path ("nodes[3]") for messages and typed field access.
struct JSONObject {
    /// The fields.
    let fields: [String: Any]
    /// Where the object sits, such as "nodes[3]".
    let path: String

    /// The object at a path, or an error saying it is not an object.
    init(_ object: Any, path: String) throws {
        guard let fields = object as? [String: Any] else { throw GraphError("\(path): expected an object") }
        self.fields = fields
        self.path = path
    }

    /// A number field; absent or null gives nil, anything else but a number is an error.
    func number(_ key: String) throws -> Double? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard case .number(let number) = JSONReading.value(value) else {
            throw GraphError("\(path).\(key) must be a number")
        }
        return number
    }

    /// A string field (numbers accepted and written as text); absent or null gives nil.
    func string(_ key: String) throws -> String? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        switch JSONReading.value(value) {
        case .string(let string): return string
        case .number(let number): return NumberText.format(number)
        default: throw GraphError("\(path).\(key) must be a string")
        }
    }

    /// A boolean field; absent or null gives nil.
    func bool(_ key: String) throws -> Bool? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard case .bool(let flag) = JSONReading.value(value) else { throw GraphError("\(path).\(key) must be true or false") }
        return flag
    }

    /// A nested object field; absent or null gives nil.
    func object(_ key: String) throws -> JSONObject? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        return try JSONObject(value, path: "\(path).\(key)")
    }

    /// An array field; absent or null gives nil.
    func array(_ key: String) throws -> [Any]? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let array = value as? [Any] else { throw GraphError("\(path).\(key) must be an array") }
        return array
    }

    /// A data object field; absent or null gives an empty dictionary.
    func data(_ key: String) throws -> [String: DataValue] {
        guard let value = fields[key], !(value is NSNull) else { return [:] }
        guard case .object(let data) = JSONReading.value(value) else { throw GraphError("\(path).\(key) must be an object") }
        return data
    }

    /// The fields other than `known`, as data.
    func rest(excluding known: Set<String>) -> [String: DataValue] {
        var data: [String: DataValue] = [:]
        for (key, value) in fields where !known.contains(key) { data[key] = JSONReading.value(value) }
        return data
    }
}
