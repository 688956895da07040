/// What one operation on a graph changed, handed to onChange observers.
public struct GraphEvent: Equatable, Sendable {
    /// Ids of the nodes added, in the order they were added.
    public var addedNodes: [String] = []
    /// Ids of the nodes removed.
    public var removedNodes: [String] = []
    /// Ids of the nodes whose record changed (position, data, selection...).
    public var updatedNodes: [String] = []
    /// Ids of the edges added.
    public var addedEdges: [String] = []
    /// Ids of the edges removed.
    public var removedEdges: [String] = []
    /// Ids of the edges whose record changed.
    public var updatedEdges: [String] = []
    /// True when every node's position was written at once (a simulation write-back).
    public var allPositions = false

    /// An empty event.
    public init() {}

    /// True when nodes or edges were added or removed.
    public var isStructural: Bool {
        !addedNodes.isEmpty || !removedNodes.isEmpty || !addedEdges.isEmpty || !removedEdges.isEmpty
    }

    /// True when nothing changed.
    public var isEmpty: Bool {
        !isStructural && updatedNodes.isEmpty && updatedEdges.isEmpty && !allPositions
    }
}
