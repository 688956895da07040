/// How edges are routed, as React Flow's edge types.
public enum EdgeType: String, CaseIterable, Sendable {
    /// A straight segment between the node borders.
    case straight
    /// A cubic curve leaving and entering perpendicular to the node sides.
    case bezier
    /// Horizontal and vertical segments with sharp corners.
    case step
    /// Horizontal and vertical segments with rounded corners.
    case smoothstep
}
