/// A directed edge between two nodes, optionally between named handles.
public struct Edge: Equatable, Sendable {
    /// The unique edge id.
    public var id: String
    /// The id of the node the edge leaves.
    public var source: String
    /// The id of the node the edge reaches.
    public var target: String
    /// The source handle id; nil (or "") is the default handle.
    public var sourceHandle: String?
    /// The target handle id; nil (or "") is the default handle.
    public var targetHandle: String?
    /// Free-form data fields (a d3 link's value, a weight).
    public var data: [String: DataValue]
    /// Whether the edge is selected.
    public var selected: Bool
    /// Whether deleteElements may remove the edge.
    public var deletable: Bool
    /// A display label.
    public var label: String?
    /// The edge type, naming how it is drawn.
    public var type: String?

    /// An edge from its id, endpoints and, optionally, everything else.
    public init(
        id: String, source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil,
        data: [String: DataValue] = [:], selected: Bool = false, deletable: Bool = true,
        label: String? = nil, type: String? = nil
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.sourceHandle = sourceHandle
        self.targetHandle = targetHandle
        self.data = data
        self.selected = selected
        self.deletable = deletable
        self.label = label
        self.type = type
    }

    /// An edge with an empty id and endpoints and every other field at its default, for readers that fill it field
    /// by field (the Lua records).
    public init() { self.init(id: "", source: "", target: "") }

    /// React Flow's id for a connection: `xy-edge__{source}{sourceHandle}-{target}{targetHandle}`.
    public static func connectionId(
        source: String, target: String, sourceHandle: String? = nil, targetHandle: String? = nil
    ) -> String {
        "xy-edge__\(source)\(sourceHandle ?? "")-\(target)\(targetHandle ?? "")"
    }

    /// True when both edges join the same endpoints through the same handles (nil and "" equal).
    public func sameConnection(as other: Edge) -> Bool {
        source == other.source && target == other.target
            && (sourceHandle ?? "") == (other.sourceHandle ?? "")
            && (targetHandle ?? "") == (other.targetHandle ?? "")
    }
}
