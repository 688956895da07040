/// A node in the store with the slots of its outgoing and incoming edges.
struct NodeEntry: SlotElement {
    /// The node record.
    var node: Node
    /// Edge slots of the edges leaving this node (it is their source).
    var outgoing: [Int] = []
    /// Edge slots of the edges reaching this node (it is their target).
    var incoming: [Int] = []

    /// The node id.
    var id: String { node.id }
}

extension Edge: SlotElement {}
