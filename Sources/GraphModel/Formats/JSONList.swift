import Foundation

/// A JSON array being read, item by item.
struct JSONList {
    /// The items not read yet.
    private var items: any UnkeyedDecodingContainer
    /// Which kind of value each field name held last.
    private let kinds: JSONKinds
    /// The array's path, for messages.
    let name: String
    /// Number of items.
    let count: Int

    /// The array `items` at `name`.
    init(_ items: any UnkeyedDecodingContainer, kinds: JSONKinds, name: String) {
        self.items = items
        self.kinds = kinds
        self.name = name
        count = items.count ?? 0
    }

    /// The next item as an object with its index, or nil at the end; an item that is not an object is an error.
    mutating func nextObject() throws -> (index: Int, object: JSONObject)? {
        guard !items.isAtEnd else { return nil }
        let index = items.currentIndex
        guard let fields = try? items.nestedContainer(keyedBy: JSONKey.self) else {
            throw GraphError("\(name)[\(index)]: expected an object")
        }
        return (index, JSONObject(fields, kinds: kinds, base: name, index: index))
    }

    /// The remaining items as data.
    mutating func values() throws -> [DataValue] {
        var values: [DataValue] = []
        values.reserveCapacity(count)
        while !items.isAtEnd {
            values.append(try next())
        }
        return values
    }

    /// The next item as data (see `JSONKinds.first`).
    private mutating func next() throws -> DataValue {
        if try items.decodeNil() { return .null }
        guard let found = try kinds.first(for: "[]", { try decode($0) }) else {
            throw GraphError("\(name)[\(items.currentIndex)] cannot be read")
        }
        return found
    }

    /// The next item as a value of `kind`, or nil (reading nothing) if it holds another kind.
    private mutating func decode(_ kind: JSONKinds.Kind) throws -> DataValue? {
        let index = items.currentIndex
        switch kind {
        case .number:
            // Integers first: an unkeyed container cannot go back to an item for its exact value beyond 2^53.
            if let integer = try? items.decode(Int.self) { return .integer(integer) }
            return (try? items.decode(Double.self)).map(DataValue.number)
        case .string: return (try? items.decode(String.self)).map(JSONFloatLiterals.value(ofString:))
        case .bool: return (try? items.decode(Bool.self)).map(DataValue.bool)
        case .object:
            guard let nested = try? items.nestedContainer(keyedBy: JSONKey.self) else { return nil }
            return .object(try JSONObject(nested, kinds: kinds, base: name, index: index).rest(excluding: []))
        case .array:
            guard let nested = try? items.nestedUnkeyedContainer() else { return nil }
            var list = JSONList(nested, kinds: kinds, name: "\(name)[\(index)]")
            return .array(try list.values())
        }
    }
}
