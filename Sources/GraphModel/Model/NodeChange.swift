/// One change to a node list, as React Flow's NodeChange.
public enum NodeChange: Equatable, Sendable {
    /// Adds a node, at the end or at a dense index.
    case add(Node, index: Int? = nil)
    /// Removes a node (and, unlike React Flow, the edges touching it, so no edge dangles).
    case remove(id: String)
    /// Replaces a node's record; the new record keeps the id.
    case replace(id: String, item: Node)
    /// Moves a node and/or sets its dragging flag.
    case position(id: String, position: Point? = nil, dragging: Bool? = nil)
    /// Sets a node's width and height.
    case dimensions(id: String, width: Double, height: Double)
    /// Selects or deselects a node.
    case select(id: String, selected: Bool)

    /// The id of the node the change is about.
    public var id: String {
        switch self {
        case .add(let node, _): return node.id
        case .remove(let id), .replace(let id, _), .position(let id, _, _), .dimensions(let id, _, _),
            .select(let id, _):
            return id
        }
    }
}
