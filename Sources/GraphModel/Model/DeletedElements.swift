/// What deleteElements removed: full records with their former dense indices, enough to undo.
public struct DeletedElements: Equatable, Sendable {
    /// The removed nodes with their former indices, ascending.
    public var nodes: [(index: Int, node: Node)]
    /// The removed edges with their former indices, ascending.
    public var edges: [(index: Int, edge: Edge)]

    /// A record of removed nodes and edges.
    public init(nodes: [(index: Int, node: Node)] = [], edges: [(index: Int, edge: Edge)] = []) {
        self.nodes = nodes
        self.edges = edges
    }

    /// Equal when the same records sit at the same indices.
    public static func == (lhs: DeletedElements, rhs: DeletedElements) -> Bool {
        lhs.nodes.map(\.index) == rhs.nodes.map(\.index) && lhs.nodes.map(\.node) == rhs.nodes.map(\.node)
            && lhs.edges.map(\.index) == rhs.edges.map(\.index) && lhs.edges.map(\.edge) == rhs.edges.map(\.edge)
    }
}
