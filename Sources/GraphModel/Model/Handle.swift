/// Which end of an edge a handle takes: edges leave from source handles and arrive at target handles.
public enum HandleType: String, Sendable, CaseIterable {
    case source
    case target
}

/// The side of a node a handle sits on, as React Flow's Position.
public enum HandlePosition: String, Sendable, CaseIterable {
    case left
    case top
    case right
    case bottom
}

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
}
