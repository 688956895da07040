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

    /// The next item as data (its kind tried first as for the previous item).
    private mutating func next() throws -> DataValue {
        if try items.decodeNil() { return .null }
        let key = "[]"
        for kind in kinds.order(for: key) {
            let found: DataValue?
            switch kind {
            case .number: found = (try? items.decode(Double.self)).map(DataValue.number)
            case .string: found = (try? items.decode(String.self)).map(DataValue.string)
            case .bool: found = (try? items.decode(Bool.self)).map(DataValue.bool)
            case .object:
                let index = items.currentIndex
                found = try (try? items.nestedContainer(keyedBy: JSONKey.self)).map {
                    .object(try JSONObject($0, kinds: kinds, base: name, index: index).rest(excluding: []))
                }
            case .array:
                let index = items.currentIndex
                found = try (try? items.nestedUnkeyedContainer()).map {
                    var nested = JSONList($0, kinds: kinds, name: "\(name)[\(index)]")
                    return .array(try nested.values())
                }
            }
            if let found {
                kinds.note(kind, for: key)
                return found
            }
        }
        throw GraphError("\(name)[\(items.currentIndex)] cannot be read")
    }
}
