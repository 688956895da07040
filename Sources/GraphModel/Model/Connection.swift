/// One edge seen from a node's handle: React Flow's connection record.
public struct Connection: Equatable, Sendable {
    /// The id of the edge.
    public var edgeId: String
    /// The source node id.
    public var source: String
    /// The target node id.
    public var target: String
    /// The source handle id.
    public var sourceHandle: String?
    /// The target handle id.
    public var targetHandle: String?

    /// The connection an edge makes.
    public init(_ edge: Edge) {
        edgeId = edge.id
        source = edge.source
        target = edge.target
        sourceHandle = edge.sourceHandle
        targetHandle = edge.targetHandle
    }
}
