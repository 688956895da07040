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

extension EdgeChange: ElementChange {
    /// The kinds of edge change, by React Flow's names.
    public enum Kind: String, ChangeKind {
        case add, remove, replace, select
    }

    /// The element a change adds or puts in place.
    public typealias Element = Edge

    /// An edge change's fields (`{type = "remove", id = "e1"}`).
    public typealias Fields = ChangeFields<EdgeChange>

    /// An edge change takes no fields beyond those of every change.
    public struct NoExtra: Sendable {}

    /// No extra fields.
    public static var noExtra: NoExtra { NoExtra() }

    /// The change `fields` describe; an added or replacing edge without an id (empty) takes its connection id.
    public init(_ fields: Fields) throws {
        switch fields.type {
        case .add: self = .add(Self.identified(try fields.requiredItem()), index: fields.index.map { $0 - 1 })
        case .remove: self = .remove(id: try fields.requiredId())
        case .replace: self = .replace(id: try fields.requiredId(), item: Self.identified(try fields.requiredItem()))
        case .select: self = .select(id: try fields.requiredId(), selected: fields.selected ?? false)
        }
    }

    /// `edge`, with its connection id when it has none.
    private static func identified(_ edge: Edge) -> Edge {
        guard edge.id.isEmpty else { return edge }
        var edge = edge
        edge.id = Edge.connectionId(source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle, targetHandle: edge.targetHandle)
        return edge
    }
}
