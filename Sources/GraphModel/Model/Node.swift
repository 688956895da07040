/// A graph node, as React Flow describes one, plus d3's fixed coordinates.
public struct Node: Equatable, Sendable {
    /// The unique node id.
    public var id: String
    /// The position relative to the parent (absolute without a parent); NaN coordinates mean unplaced.
    public var position: Point
    /// A fixed x coordinate (d3's fx): a simulation keeps the node there.
    public var fx: Double?
    /// A fixed y coordinate (d3's fy).
    public var fy: Double?
    /// A fixed z coordinate (d3's fz).
    public var fz: Double?
    /// Free-form data fields.
    public var data: [String: DataValue]
    /// The id of the parent node (React Flow's parentId), for subflows.
    public var parentId: String?
    /// The width, when known.
    public var width: Double?
    /// The height, when known.
    public var height: Double?
    /// The connection points of the node.
    public var handles: [Handle]
    /// Whether the node is selected.
    public var selected: Bool
    /// Whether deleteElements may remove the node.
    public var deletable: Bool
    /// Whether the node is hidden.
    public var hidden: Bool
    /// Whether the node is being dragged (set by position changes).
    public var dragging: Bool
    /// The node type, naming how it is drawn.
    public var type: String?
    /// A display label.
    public var label: String?

    /// The side the handle called `handle` sits on (its declared position), or the handle's own name when it
    /// declares none (React Flow files often name handles after their side); nil for the default handle. Pictures
    /// draw edges from this side and the handle link force pulls from it.
    public func side(ofHandle handle: String?) -> String? {
        guard let handle else { return nil }
        return handles.first { $0.id == handle }?.position?.rawValue ?? handle
    }

    /// A node with an id and, optionally, everything else.
    public init(
        id: String, position: Point = .unplaced, fx: Double? = nil, fy: Double? = nil, fz: Double? = nil,
        data: [String: DataValue] = [:], parentId: String? = nil, width: Double? = nil, height: Double? = nil,
        handles: [Handle] = [], selected: Bool = false, deletable: Bool = true, hidden: Bool = false,
        dragging: Bool = false, type: String? = nil, label: String? = nil
    ) {
        self.id = id
        self.position = position
        self.fx = fx
        self.fy = fy
        self.fz = fz
        self.data = data
        self.parentId = parentId
        self.width = width
        self.height = height
        self.handles = handles
        self.selected = selected
        self.deletable = deletable
        self.hidden = hidden
        self.dragging = dragging
        self.type = type
        self.label = label
    }

    /// A node with an empty id and every other field at its default, for readers that fill it field by field (the
    /// Lua records).
    public init() { self.init(id: "") }

    /// The range a numeric field must lie in, for readers that check fields by key path: coordinates and sizes
    /// may be infinite.
    public static func range(of field: PartialKeyPath<Node>) -> ClosedRange<Double>? { -Double.infinity...Double.infinity }

    /// A node at a position given by coordinates.
    public init(id: String, x: Double, y: Double, z: Double? = nil, data: [String: DataValue] = [:]) {
        self.init(id: id, position: Point(x: x, y: y, z: z), data: data)
    }

    /// Equality that treats NaN coordinates as equal.
    public static func == (lhs: Node, rhs: Node) -> Bool {
        lhs.id == rhs.id && lhs.position == rhs.position && sameOptional(lhs.fx, rhs.fx)
            && sameOptional(lhs.fy, rhs.fy) && sameOptional(lhs.fz, rhs.fz) && lhs.data == rhs.data
            && lhs.parentId == rhs.parentId && sameOptional(lhs.width, rhs.width)
            && sameOptional(lhs.height, rhs.height) && lhs.handles == rhs.handles && lhs.selected == rhs.selected
            && lhs.deletable == rhs.deletable && lhs.hidden == rhs.hidden && lhs.dragging == rhs.dragging
            && lhs.type == rhs.type && lhs.label == rhs.label
    }
}
