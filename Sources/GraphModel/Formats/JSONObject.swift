import Foundation

/// A JSON object being read through Foundation's `JSONDecoder` (a keyed container), with its path ("nodes[3]") for
/// messages and typed field access. Only valid inside `JSONReading.read`.
struct JSONObject {
    /// The object's fields.
    private let fields: KeyedDecodingContainer<JSONKey>
    /// Which kind of value each field name held last, shared by the whole document.
    let kinds: JSONKinds
    /// The path of the object, or of the list holding it.
    private let base: String
    /// The index in that list, or -1 when `base` names the object itself.
    private let index: Int

    /// The object `fields` at a base path and optional index.
    init(_ fields: KeyedDecodingContainer<JSONKey>, kinds: JSONKinds, base: String, index: Int = -1) {
        self.fields = fields
        self.kinds = kinds
        self.base = base
        self.index = index
    }

    /// Where the object sits, such as "nodes[3]".
    var path: String { index < 0 ? base : "\(base)[\(index)]" }

    /// Whether the object has the field (null included).
    func has(_ key: String) -> Bool {
        fields.contains(JSONKey(key))
    }

    /// The field's key when it is present and not null.
    private func present(_ key: String) throws -> JSONKey? {
        let key = JSONKey(key)
        guard fields.contains(key), try !fields.decodeNil(forKey: key) else { return nil }
        return key
    }

    /// A number field; absent or null gives nil, anything else but a finite number is an error.
    func number(_ key: String) throws -> Double? {
        let number: Double?
        do {
            number = try fields.decodeIfPresent(Double.self, forKey: JSONKey(key))
        } catch {
            guard let marked = (try? fields.decode(String.self, forKey: JSONKey(key))).flatMap(JSONFloatLiterals.number)
            else { throw GraphError("\(path).\(key) must be a number") }
            number = marked
        }
        if let number, !number.isFinite { throw GraphError("\(path).\(key) must be a finite number") }
        return number
    }

    /// A string field (numbers accepted and written as text); absent or null gives nil.
    func string(_ key: String) throws -> String? {
        try Self.text(try value(key), at: "\(path).\(key)")
    }

    /// A value read as a string field is (a number as its text); nil or null gives nil, another kind is an error
    /// naming `path` (only built then: reading is a hot path).
    static func text(_ value: DataValue?, at path: @autoclosure () -> String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let number)?: return NumberText.format(number)
        case .integer(let integer)?: return String(integer)
        default: throw GraphError("\(path()) must be a string")
        }
    }

    /// A boolean field; absent or null gives nil.
    func bool(_ key: String) throws -> Bool? {
        do {
            return try fields.decodeIfPresent(Bool.self, forKey: JSONKey(key))
        } catch {
            throw GraphError("\(path).\(key) must be true or false")
        }
    }

    /// A nested object field; absent or null gives nil.
    func object(_ key: String) throws -> JSONObject? {
        guard let field = try present(key) else { return nil }
        guard let nested = try? fields.nestedContainer(keyedBy: JSONKey.self, forKey: field) else {
            throw GraphError("\(path).\(key): expected an object")
        }
        return JSONObject(nested, kinds: kinds, base: "\(path).\(key)")
    }

    /// An array field of objects, named `name` in messages (the field's path by default); absent or null gives nil.
    func list(_ key: String, name: String? = nil) throws -> JSONList? {
        guard let field = try present(key) else { return nil }
        guard let items = try? fields.nestedUnkeyedContainer(forKey: field) else {
            throw GraphError("\(path).\(key) must be an array")
        }
        return JSONList(items, kinds: kinds, name: name ?? "\(path).\(key)")
    }

    /// A data object field; absent or null gives an empty dictionary.
    func data(_ key: String) throws -> [String: DataValue] {
        guard case .object(let data)? = try value(key) else {
            if try present(key) == nil { return [:] }
            throw GraphError("\(path).\(key) must be an object")
        }
        return data
    }

    /// The fields other than `known`, as data.
    func rest(excluding known: Set<String>) throws -> [String: DataValue] {
        var data: [String: DataValue] = [:]
        for key in fields.allKeys where !known.contains(key.stringValue) {
            data[key.stringValue] = try value(key.stringValue) ?? .null
        }
        return data
    }

    /// A field's value; absent or null gives nil (see `JSONKinds.first`).
    func value(_ key: String) throws -> DataValue? {
        guard let field = try present(key) else { return nil }
        guard let found = try kinds.first(for: key, { try decode($0, field) }) else {
            throw GraphError("\(path).\(key) cannot be read")
        }
        return found
    }

    /// The field as a value of `kind`, or nil if it holds another kind.
    private func decode(_ kind: JSONKinds.Kind, _ field: JSONKey) throws -> DataValue? {
        switch kind {
        case .number:
            return (try? fields.decode(Double.self, forKey: field)).map { number in
                JSONFloatLiterals.value(ofNumber: number) { try? fields.decode(Int.self, forKey: field) }
            }
        case .string: return (try? fields.decode(String.self, forKey: field)).map(JSONFloatLiterals.value(ofString:))
        case .bool: return (try? fields.decode(Bool.self, forKey: field)).map(DataValue.bool)
        case .object:
            guard let nested = try? fields.nestedContainer(keyedBy: JSONKey.self, forKey: field) else { return nil }
            return .object(try JSONObject(nested, kinds: kinds, base: "\(path).\(field.stringValue)").rest(excluding: []))
        case .array:
            guard let items = try? fields.nestedUnkeyedContainer(forKey: field) else { return nil }
            var list = JSONList(items, kinds: kinds, name: "\(path).\(field.stringValue)")
            return .array(try list.values())
        }
    }
}
