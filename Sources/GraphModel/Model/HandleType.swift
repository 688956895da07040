/// Which end of an edge a handle takes: edges leave from source handles and arrive at target handles.
public enum HandleType: String, Sendable, CaseIterable {
    /// Edges leave the node here.
    case source
    /// Edges arrive at the node here.
    case target
}
