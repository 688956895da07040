/// A per-link force parameter: one constant, or a value per link index evaluated when the force is initialized (as d3 does).
public enum LinkParameter: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The same value for every link.
    case constant(Double)
    /// A value computed from the link's index; it may throw (a failing script callback).
    case perLink((Int) throws -> Double)

    /// Creates a constant from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .constant(value)
    }

    /// Creates a constant from an integer literal.
    public init(integerLiteral value: Int) {
        self = .constant(Double(value))
    }

    /// The value for link `index`.
    func value(_ index: Int) throws -> Double {
        switch self {
        case .constant(let value): value
        case .perLink(let f): try f(index)
        }
    }
}
