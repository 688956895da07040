/// A per-node force parameter: one constant, or a value per node index evaluated when the force is initialized (as d3 does).
public enum NodeParameter: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The same value for every node.
    case constant(Double)
    /// A value computed from the node's index; it may throw (a failing script callback).
    case perNode((Int) throws -> Double)

    /// Creates a constant from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .constant(value)
    }

    /// Creates a constant from an integer literal.
    public init(integerLiteral value: Int) {
        self = .constant(Double(value))
    }

    /// The value for node `index`.
    func value(_ index: Int) throws -> Double {
        switch self {
        case .constant(let value): value
        case .perNode(let f): try f(index)
        }
    }
}
