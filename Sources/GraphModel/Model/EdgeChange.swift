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

extension EdgeChange {
    /// The kinds of edge change, by React Flow's names.
    public enum Kind: String, CaseIterable, Sendable {
        case add, remove, replace, select
    }

    /// An edge change as React Flow writes one (`{type = "remove", id = "e1"}`): the fields any kind takes, filled
    /// field by field by a reader (the Lua records) and made into the change by `change()`.
    public struct Fields: Sendable {
        /// What the change does.
        public var type = Kind.add
        /// The edge (all kinds but add).
        public var id: String?
        /// The edge to add, or the replacement; one without an id (empty) takes its connection id.
        public var item: Edge?
        /// Where to add (1-based); nil: at the end.
        public var index: Int?
        /// The new selection state (nil: not selected).
        public var selected: Bool?

        /// No fields given, for readers that fill them field by field.
        public init() {}

        /// An index counts from 1.
        public static func range(of field: PartialKeyPath<Fields>) -> ClosedRange<Double>? {
            field == \Fields.index ? 1...Double(Int.max) : nil
        }

        /// The change; a field its kind needs and does not have is named (`field 'id' is required by a 'remove' change`).
        public func change() throws -> EdgeChange {
            switch type {
            case .add: return .add(try identified.required("item", by: type), index: index.map { $0 - 1 })
            case .remove: return .remove(id: try id.required("id", by: type))
            case .replace: return .replace(id: try id.required("id", by: type), item: try identified.required("item", by: type))
            case .select: return .select(id: try id.required("id", by: type), selected: selected ?? false)
            }
        }

        /// The item, with its connection id when it has none.
        private var identified: Edge? {
            guard var edge = item else { return nil }
            if edge.id.isEmpty {
                edge.id = Edge.connectionId(source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle, targetHandle: edge.targetHandle)
            }
            return edge
        }
    }
}
