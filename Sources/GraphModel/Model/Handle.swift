/// A connection point on a node: an optional id, its type and the side it sits on.
public struct Handle: Equatable, Sendable {
    /// The handle id; nil is the node's default handle of this type.
    public var id: String?
    /// Whether edges leave (source) or arrive (target) here.
    public var type: HandleType
    /// The side of the node, when known.
    public var position: HandlePosition?

    /// A handle from its id, type and side.
    public init(id: String?, type: HandleType, position: HandlePosition? = nil) {
        self.id = id
        self.type = type
        self.position = position
    }

    /// The node's default source handle, for readers that fill it field by field (the Lua records).
    public init() { self.init(id: nil, type: .source) }

    /// None: a handle has no numeric field.
    public static func range(of field: PartialKeyPath<Handle>) -> ClosedRange<Double>? { nil }
}
