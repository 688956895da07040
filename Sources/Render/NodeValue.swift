/// A per-node value: one constant, one value per node, a function of the node index, or a node data field.
public enum NodeValue<Value> {
    /// The same value for every node.
    case constant(Value)
    /// One value per node, in node order; the count must match the node count.
    case values([Value])
    /// A function from node index to value.
    case compute((Int) -> Value)
    /// The named data field of each node. A number is the field's value; a colour comes from the one colouring rule
    /// (`GroupColouring`), and a name that no node has as a field is taken as a colour for every node.
    case field(String)

    /// Throws when a value list does not have one entry per node.
    func check(count: Int, name: String) throws {
        if case .values(let vs) = self, vs.count != count {
            throw RenderError("\(name) has \(vs.count) values but the graph has \(count) nodes")
        }
    }

    /// The values of `.constant`, `.values` and `.compute` for `count` nodes.
    private func listed(count: Int) -> [Value]? {
        switch self {
        case .constant(let value): return Array(repeating: value, count: count)
        case .values(let values): return values
        case .compute(let f): return (0..<count).map(f)
        case .field: return nil
        }
    }
}

extension NodeValue where Value == Double {
    /// One number per node of `nodes`; a node without the numeric field is an error naming the option.
    public func numbers(for nodes: [GraphScene.Node], option: String) throws -> [Double] {
        try check(count: nodes.count, name: option)
        if let values = listed(count: nodes.count) { return values }
        guard case .field(let name) = self else { return [] }
        return try nodes.map { node in
            guard let value = node.data[name]?.number else {
                throw RenderError("\(option): node '\(node.id)' has no numeric data field '\(name)'")
            }
            return value
        }
    }
}

extension NodeValue where Value == String {
    /// The colours of `nodes`, with legend entries when they come from a data field mapped to `palette`.
    func colouring(for nodes: [GraphScene.Node], palette: [String], option: String) throws -> GroupColouring {
        try check(count: nodes.count, name: option)
        if let colours = listed(count: nodes.count) { return GroupColouring(colours: colours) }
        guard case .field(let name) = self else { return GroupColouring(colours: []) }
        guard nodes.contains(where: { $0.data[name] != nil }) else {
            return GroupColouring(colours: Array(repeating: name, count: nodes.count))
        }
        return GroupColouring(keys: nodes.map { $0.data[name]?.text }, palette: palette)
    }
}
