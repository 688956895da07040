/// One change to an edge list, as React Flow's EdgeChange.
public enum EdgeChange: Equatable, Sendable {
    /// Adds an edge, at the end or at a dense index.
    case add(Edge, index: Int? = nil)
    /// Removes an edge.
    case remove(id: String)
    /// Replaces an edge's record; the new record keeps the id.
    case replace(id: String, item: Edge)
    /// Selects or deselects an edge.
    case select(id: String, selected: Bool)

    /// The id of the edge the change is about.
    public var id: String {
        switch self {
        case .add(let edge, _): return edge.id
        case .remove(let id), .replace(let id, _), .select(let id, _): return id
        }
    }
}
