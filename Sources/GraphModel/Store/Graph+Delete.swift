/// Deleting nodes with their descendants and edges, and undoing it.
extension Graph {
    /// What `deleteElements(nodes:edges:)` is asked to delete: nodes and edges by id, none by default.
    public struct Deletion: Sendable {
        /// The ids of the nodes to delete, with their deletable descendants and edges.
        public var nodes: [String] = []
        /// The ids of the edges to delete.
        public var edges: [String] = []

        /// Nothing to delete.
        public init() {}

        /// No numeric settings.
        public static func range(of setting: PartialKeyPath<Deletion>) -> ClosedRange<Double>? { nil }
    }

    /// Deletes nodes, their descendants (through parentId, at any depth, in any order) and every edge touching
    /// them, plus the listed edges. Nodes or edges with deletable == false stay, and so do a node with a
    /// non-deletable edge (no edge may dangle) and the ancestors of a node that stays (no parent may be missing).
    /// Returns the removed records with their former indices.
    @discardableResult
    public func deleteElements(nodes nodeIds: [String] = [], edges edgeIds: [String] = []) -> DeletedElements {
        var doomedNodes: Set<Int> = []
        var queue = nodeIds.compactMap { nodeStore.slot(of: $0) }.filter(canDelete)
        while let slot = queue.popLast() {
            guard doomedNodes.insert(slot).inserted else { continue }
            for child in children[nodeStore[slot].node.id] ?? [] {
                if let childSlot = nodeStore.slot(of: child), canDelete(childSlot) { queue.append(childSlot) }
            }
        }
        keepAncestors(ofKept: &doomedNodes)
        var doomedEdges = Set(edgeIds.compactMap { edgeStore.slot(of: $0) }.filter { edgeStore[$0].deletable })
        for slot in doomedNodes {
            doomedEdges.formUnion(nodeStore[slot].outgoing)
            doomedEdges.formUnion(nodeStore[slot].incoming)
        }
        let nodeSlots = nodeStore.inOrder(doomedNodes)
        let edgeSlots = edgeStore.inOrder(doomedEdges)
        let deleted = DeletedElements(
            nodes: nodeSlots.map { (nodeStore.index(ofSlot: $0), nodeStore[$0].node) },
            edges: edgeSlots.map { (edgeStore.index(ofSlot: $0), edgeStore[$0]) })
        operation {
            for slot in edgeSlots { removeEdge(slot: slot) }
            for slot in nodeSlots { removeNode(slot: slot) }
        }
        return deleted
    }

    /// Puts back what deleteElements removed, at the former indices; throws if an id was reused meanwhile.
    public func restore(_ deleted: DeletedElements) throws {
        for entry in deleted.nodes where containsNode(entry.node.id) { throw GraphError.duplicateNode(entry.node.id) }
        for entry in deleted.edges where containsEdge(entry.edge.id) { throw GraphError.duplicateEdge(entry.edge.id) }
        let restoredIds = Set(deleted.nodes.map(\.node.id))
        for entry in deleted.edges {
            for end in [entry.edge.source, entry.edge.target] where !containsNode(end) && !restoredIds.contains(end) {
                throw GraphError.dangling(entry.edge, missing: end)
            }
        }
        try checkParents(of: deleted.nodes.map(\.node))
        operation {
            for entry in deleted.nodes { insertNode(entry.node, at: entry.index) }
            for entry in deleted.edges { insertEdge(entry.edge, at: entry.index) }
        }
    }

    /// Takes out of `doomed` every node with a child that stays, up the parent chain.
    private func keepAncestors(ofKept doomed: inout Set<Int>) {
        var kept = doomed.filter { slot in
            (children[nodeStore[slot].node.id] ?? []).contains { nodeStore.slot(of: $0).map { !doomed.contains($0) } ?? false }
        }
        while let slot = kept.popFirst() {
            guard doomed.remove(slot) != nil else { continue }
            if let parent = nodeStore[slot].node.parentId, let parentSlot = nodeStore.slot(of: parent), doomed.contains(parentSlot) {
                kept.insert(parentSlot)
            }
        }
    }

    /// True when the node in a slot may be deleted: deletable, and no non-deletable edge touches it.
    private func canDelete(_ slot: Int) -> Bool {
        let entry = nodeStore[slot]
        guard entry.node.deletable else { return false }
        return (entry.outgoing + entry.incoming).allSatisfy { edgeStore[$0].deletable }
    }
}
