/// The side of a node a handle sits on, as React Flow's Position.
public enum HandlePosition: String, Sendable, CaseIterable {
    /// The left side.
    case left
    /// The top side.
    case top
    /// The right side.
    case right
    /// The bottom side.
    case bottom
}
