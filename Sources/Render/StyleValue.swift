import GraphModel

/// A drawn element that styles can be read from: its id and its data fields.
public protocol StyledElement {
    /// What the element is called in messages: "node" or "edge".
    static var kind: String { get }
    /// The element's id.
    var id: String { get }
    /// The element's data fields.
    var data: [String: DataValue] { get }
}

/// A style given per drawn element (node or edge): one constant, one value per element, a function of the element
/// index, or an element data field.
public enum StyleValue<Value> {
    /// The same value for every element.
    case constant(Value)
    /// One value per element, in order; the count must match the element count.
    case values([Value])
    /// A function from element index to value.
    case compute((Int) -> Value)
    /// The named data field of each element. A number is the field's value; a colour comes from the one colouring
    /// rule (`GroupColouring`), and a name that no element has as a field is taken as a colour for every element.
    case field(String)

    /// Throws when a value list does not have one entry per element.
    func check<E: StyledElement>(count: Int, name: String, of _: E.Type) throws {
        if case .values(let vs) = self, vs.count != count {
            throw RenderError("\(name) has \(vs.count) values but the graph has \(count) \(E.kind)s")
        }
    }

    /// The values of `.constant`, `.values` and `.compute` for `count` elements.
    private func listed(count: Int) -> [Value]? {
        switch self {
        case .constant(let value): return Array(repeating: value, count: count)
        case .values(let values): return values
        case .compute(let f): return (0..<count).map(f)
        case .field: return nil
        }
    }
}

extension StyleValue where Value == Double {
    /// One number per element of `elements`; an element without the numeric field is an error naming the option.
    public func numbers<E: StyledElement>(for elements: [E], option: String) throws -> [Double] {
        try check(count: elements.count, name: option, of: E.self)
        if let values = listed(count: elements.count) { return values }
        guard case .field(let name) = self else { return [] }
        return try elements.map { element in
            guard let value = element.data[name]?.number else {
                throw RenderError("\(option): \(E.kind) '\(element.id)' has no numeric data field '\(name)'")
            }
            return value
        }
    }
}

extension StyleValue where Value == String {
    /// The colours of `elements`, with legend entries when they come from a data field mapped to `palette`.
    func colouring<E: StyledElement>(for elements: [E], palette: [String], option: String) throws -> GroupColouring {
        try check(count: elements.count, name: option, of: E.self)
        if let colours = listed(count: elements.count) { return GroupColouring(colours: colours) }
        guard case .field(let name) = self else { return GroupColouring(colours: []) }
        guard elements.contains(where: { $0.data[name] != nil }) else {
            return GroupColouring(colours: Array(repeating: name, count: elements.count))
        }
        return GroupColouring(keys: elements.map { $0.data[name]?.text }, palette: palette)
    }
}
