/// Identifies a registered observer, for removing it.
public struct ObserverToken: Hashable, Sendable {
    /// The token number.
    let number: Int
    /// The node id for data observers, nil for change observers.
    let nodeId: String?
}
