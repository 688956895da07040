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

extension NodeChange: ElementChange {
    /// The kinds of node change, by React Flow's names.
    public enum Kind: String, ChangeKind {
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

    /// The element a change adds or puts in place.
    public typealias Element = Node

    /// A node change's fields (`{type = "position", id = "a", position = {x =, y =}}`).
    public typealias Fields = ChangeFields<NodeChange>

    /// The fields only a node change takes: where the node is placed, whether it is dragged, its size.
    public struct Placement: Sendable {
        /// The new position.
        public var position: Point?
        /// Whether the node is being dragged.
        public var dragging: Bool?
        /// The new size.
        public var dimensions: Size?
    }

    /// None of the placement given.
    public static var noExtra: Placement { Placement() }

    /// The change `fields` describe.
    public init(_ fields: Fields) throws {
        let placement = fields.extra
        switch fields.type {
        case .add: self = .add(try fields.requiredItem(), index: fields.index.map { $0 - 1 })
        case .remove: self = .remove(id: try fields.requiredId())
        case .replace: self = .replace(id: try fields.requiredId(), item: try fields.requiredItem())
        case .position: self = .position(id: try fields.requiredId(), position: placement.position, dragging: placement.dragging)
        case .dimensions:
            let size = try placement.dimensions.required("dimensions", by: fields.type)
            self = .dimensions(id: try fields.requiredId(), width: size.width, height: size.height)
        case .select: self = .select(id: try fields.requiredId(), selected: fields.selected ?? false)
        }
    }
}
