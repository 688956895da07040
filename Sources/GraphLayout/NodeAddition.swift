import GraphModel

/// A node added to a laid-out graph and the velocity it starts with (d3's `vx`, `vy`, `vz`), as `add(_:velocity:)`
/// takes them.
public struct NodeAddition: Sendable {
    /// The node.
    public var node = Node()
    /// Velocity x (nil: not given).
    public var vx: Double?
    /// Velocity y (nil: not given).
    public var vy: Double?
    /// Velocity z (nil: not given).
    public var vz: Double?

    /// A node with no id and no velocity given.
    public init() {}

    /// The velocity up to its last part given, the missing parts before it 0; nil when no part is given.
    public var velocity: [Double]? {
        let given = [vx, vy, vz]
        guard let count = given.lastIndex(where: { $0 != nil }).map({ $0 + 1 }) else { return nil }
        return given.prefix(count).map { $0 ?? 0 }
    }

    /// Any finite number for each part of the velocity.
    public static func range(of setting: PartialKeyPath<NodeAddition>) -> ClosedRange<Double>? { nil }
}
