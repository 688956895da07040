/// A per-node value: one constant, one value per node, or a function of the node index.
public enum NodeValue<Value> {
    /// The same value for every node.
    case constant(Value)
    /// One value per node, in node order; the count must match the node count.
    case values([Value])
    /// A function from node index to value.
    case compute((Int) -> Value)

    /// The value for node `index`.
    func value(at index: Int) -> Value {
        switch self {
        case .constant(let v): return v
        case .values(let vs): return vs[index]
        case .compute(let f): return f(index)
        }
    }

    /// Throws when a value list does not have one entry per node.
    func check(count: Int, name: String) throws {
        if case .values(let vs) = self, vs.count != count {
            throw RenderError("\(name) has \(vs.count) values but the graph has \(count) nodes")
        }
    }
}
