/// A force parameter per node or per link: one constant, or a value per element index evaluated when the force is
/// initialized (as d3 does).
public enum ElementParameter: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The same value for every element.
    case constant(Double)
    /// A value computed from the element's index; it may throw (a failing script callback).
    case perElement((Int) throws -> Double)

    /// A value computed from each node's index.
    public static func perNode(_ value: @escaping (Int) throws -> Double) -> ElementParameter { .perElement(value) }

    /// A value computed from each link's index.
    public static func perLink(_ value: @escaping (Int) throws -> Double) -> ElementParameter { .perElement(value) }

    /// Creates a constant from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .constant(value)
    }

    /// Creates a constant from an integer literal.
    public init(integerLiteral value: Int) {
        self = .constant(Double(value))
    }

    /// The parameter with `amount` added to each element's value.
    public func adding(_ amount: Double) -> ElementParameter {
        switch self {
        case .constant(let value): .constant(value + amount)
        case .perElement(let f): .perElement { try f($0) + amount }
        }
    }

    /// The value for element `index`.
    public func value(_ index: Int) throws -> Double {
        switch self {
        case .constant(let value): value
        case .perElement(let f): try f(index)
        }
    }
}

extension ElementParameter {
    /// A positioning force's per-node goals (targets, radii) and strengths for `count` nodes, as d3 evaluates them:
    /// a node whose goal is NaN gets strength 0, and its strength function is not called.
    static func goalsAndStrengths(
        _ goal: ElementParameter, _ strength: ElementParameter, count: Int
    ) throws -> (goals: [Double], strengths: [Double]) {
        var goals = [Double](repeating: 0, count: count), strengths = [Double](repeating: 0, count: count)
        for i in 0..<count {
            goals[i] = try goal.value(i)
            strengths[i] = goals[i].isNaN ? 0 : try strength.value(i)
        }
        return (goals, strengths)
    }
}

/// A per-node force parameter (strengths, radii, targets).
public typealias NodeParameter = ElementParameter

/// A per-link force parameter (distances, strengths).
public typealias LinkParameter = ElementParameter
