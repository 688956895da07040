import Foundation

/// A JSON object being read, with its path ("nodes[3]") for messages and typed field access.
struct JSONObject {
    /// The fields.
    let fields: [String: Any]
    /// The path of the object, or of the list holding it.
    private let base: String
    /// The index in that list, or -1 when `base` names the object itself.
    private let index: Int

    /// The object at a path, or an error saying it is not an object.
    init(_ object: Any, path: String) throws {
        try self.init(object, base: path, index: -1)
    }

    /// The object at an index of a list (the path text is only built for messages).
    init(_ object: Any, in list: String, at index: Int) throws {
        try self.init(object, base: list, index: index)
    }

    /// The object at a base path and optional index.
    private init(_ object: Any, base: String, index: Int) throws {
        self.base = base
        self.index = index
        guard let fields = object as? [String: Any] else {
            self.fields = [:]
            throw GraphError("\(path): expected an object")
        }
        self.fields = fields
    }

    /// Where the object sits, such as "nodes[3]".
    var path: String { index < 0 ? base : "\(base)[\(index)]" }

    /// A number field; absent or null gives nil, anything else but a number is an error.
    func number(_ key: String) throws -> Double? {
        guard let value = fields[key], !JSONReading.isNull(value) else { return nil }
        guard case .number(let number) = JSONReading.value(value) else {
            throw GraphError("\(path).\(key) must be a number")
        }
        return number
    }

    /// A string field (numbers accepted and written as text); absent or null gives nil.
    func string(_ key: String) throws -> String? {
        guard let value = fields[key], !JSONReading.isNull(value) else { return nil }
        if let string = value as? String { return string }
        switch JSONReading.value(value) {
        case .string(let string): return string
        case .number(let number): return NumberText.format(number)
        default: throw GraphError("\(path).\(key) must be a string")
        }
    }

    /// A boolean field; absent or null gives nil.
    func bool(_ key: String) throws -> Bool? {
        guard let value = fields[key], !JSONReading.isNull(value) else { return nil }
        guard case .bool(let flag) = JSONReading.value(value) else { throw GraphError("\(path).\(key) must be true or false") }
        return flag
    }

    /// A nested object field; absent or null gives nil.
    func object(_ key: String) throws -> JSONObject? {
        guard let value = fields[key], !JSONReading.isNull(value) else { return nil }
        return try JSONObject(value, path: "\(path).\(key)")
    }

    /// An array field; absent or null gives nil.
    func array(_ key: String) throws -> [Any]? {
        guard let value = fields[key], !JSONReading.isNull(value) else { return nil }
        guard let array = value as? [Any] else { throw GraphError("\(path).\(key) must be an array") }
        return array
    }

    /// A data object field; absent or null gives an empty dictionary.
    func data(_ key: String) throws -> [String: DataValue] {
        guard let value = fields[key], !JSONReading.isNull(value) else { return [:] }
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
