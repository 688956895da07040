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

extension NodeChange {
    /// The kinds of node change, by React Flow's names.
    public enum Kind: String, CaseIterable, Sendable {
        case add, remove, replace, position, dimensions, select
    }

    /// A node's new size, as a `dimensions` change gives it.
    public struct Size: Sendable {
        /// The new width.
        public var width = 0.0
        /// The new height.
        public var height = 0.0

        /// A size of 0 by 0, for readers that fill it field by field (the Lua records).
        public init() {}

        /// Sizes may be infinite, as a node's are.
        public static func range(of field: PartialKeyPath<Size>) -> ClosedRange<Double>? { -Double.infinity...Double.infinity }
    }

    /// A node change as React Flow writes one (`{type = "position", id = "a", position = {x =, y =}}`): the fields
    /// any kind takes, filled field by field by a reader (the Lua records) and made into the change by `change()`.
    public struct Fields: Sendable {
        /// What the change does.
        public var type = Kind.add
        /// The node (all kinds but add).
        public var id: String?
        /// The node to add, or the replacement.
        public var item: Node?
        /// Where to add (1-based); nil: at the end.
        public var index: Int?
        /// The new position.
        public var position: Point?
        /// Whether the node is being dragged.
        public var dragging: Bool?
        /// The new size.
        public var dimensions: Size?
        /// The new selection state (nil: not selected).
        public var selected: Bool?

        /// No fields given, for readers that fill them field by field.
        public init() {}

        /// An index counts from 1.
        public static func range(of field: PartialKeyPath<Fields>) -> ClosedRange<Double>? {
            field == \Fields.index ? 1...Double(Int.max) : nil
        }

        /// The change; a field its kind needs and does not have is named (`field 'id' is required by a 'remove' change`).
        public func change() throws -> NodeChange {
            switch type {
            case .add: return .add(try item.required("item", by: type), index: index.map { $0 - 1 })
            case .remove: return .remove(id: try id.required("id", by: type))
            case .replace: return .replace(id: try id.required("id", by: type), item: try item.required("item", by: type))
            case .position: return .position(id: try id.required("id", by: type), position: position, dragging: dragging)
            case .dimensions:
                let size = try dimensions.required("dimensions", by: type)
                return .dimensions(id: try id.required("id", by: type), width: size.width, height: size.height)
            case .select: return .select(id: try id.required("id", by: type), selected: selected ?? false)
            }
        }
    }
}
