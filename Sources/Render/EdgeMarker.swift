/// An arrow head at an edge end, as React Flow's marker types.
public enum EdgeMarker: String, CaseIterable, Sendable {
    /// An open chevron.
    case arrow
    /// A filled triangle.
    case arrowClosed
}
