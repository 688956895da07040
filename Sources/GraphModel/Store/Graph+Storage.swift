/// The storage primitives every mutation goes through, so indexes, selection and events stay in sync.
extension Graph {
    /// Inserts a node whose id is free, appended or at a dense index.
    func insertNode(_ node: Node, at index: Int? = nil) {
        nodeStore.insert(NodeEntry(node: node), at: index)
        if node.selected { selectedNodeIds.insert(node.id) }
        if let parent = node.parentId { children[parent, default: []].insert(node.id) }
        structuralChange()
        pendingEvent?.addedNodes.append(node.id)
    }

    /// Removes the node in a slot and, first, every edge touching it; returns the node and removed edges.
    @discardableResult
    func removeNode(slot: Int) -> (node: Node, edges: [Edge]) {
        let entry = nodeStore[slot]
        var removedEdges: [Edge] = []
        for edgeSlot in edgeStore.inOrder(entry.outgoing + entry.incoming) {
            removedEdges.append(removeEdge(slot: edgeSlot))
        }
        let node = nodeStore.remove(slot: slot).node
        selectedNodeIds.remove(node.id)
        if let parent = node.parentId { removeChild(node.id, of: parent) }
        structuralChange()
        pendingEvent?.removedNodes.append(node.id)
        return (node, removedEdges)
    }

    /// Writes a new record (with the same id) into a node's slot.
    func writeNode(slot: Int, _ node: Node) {
        let old = nodeStore[slot].node
        precondition(old.id == node.id, "a node's id cannot change")
        if old.parentId != node.parentId {
            if let parent = old.parentId { removeChild(node.id, of: parent) }
            if let parent = node.parentId { children[parent, default: []].insert(node.id) }
        }
        if node.selected { selectedNodeIds.insert(node.id) } else { selectedNodeIds.remove(node.id) }
        nodeStore[slot].node = node
        version += 1
        pendingEvent?.updatedNodes.append(node.id)
        if old.data != node.data, dataObservers[node.id] != nil { pendingDataChanges.append(node.id) }
    }

    /// Inserts an edge whose id is free and whose endpoints exist, appended or at a dense index.
    func insertEdge(_ edge: Edge, at index: Int? = nil) {
        let slot = edgeStore.insert(edge, at: index)
        attach(edgeSlot: slot, source: edge.source, target: edge.target)
        if edge.selected { selectedEdgeIds.insert(edge.id) }
        structuralChange()
        pendingEvent?.addedEdges.append(edge.id)
    }

    /// Removes the edge in a slot and returns it.
    @discardableResult
    func removeEdge(slot: Int) -> Edge {
        let edge = edgeStore[slot]
        detach(edgeSlot: slot, source: edge.source, target: edge.target)
        edgeStore.remove(slot: slot)
        selectedEdgeIds.remove(edge.id)
        structuralChange()
        pendingEvent?.removedEdges.append(edge.id)
        return edge
    }

    /// Writes a new record (same id, existing endpoints) into an edge's slot.
    func writeEdge(slot: Int, _ edge: Edge) {
        let old = edgeStore[slot]
        precondition(old.id == edge.id, "an edge's id cannot change")
        if old.source != edge.source || old.target != edge.target {
            detach(edgeSlot: slot, source: old.source, target: old.target)
            attach(edgeSlot: slot, source: edge.source, target: edge.target)
            structureVersion += 1
        }
        if edge.selected { selectedEdgeIds.insert(edge.id) } else { selectedEdgeIds.remove(edge.id) }
        edgeStore[slot] = edge
        version += 1
        pendingEvent?.updatedEdges.append(edge.id)
    }

    /// Records a structural change.
    private func structuralChange() {
        structureVersion += 1
        version += 1
        cachedNodeIds = nil
    }

    /// Adds an edge slot to its endpoints' incidence lists.
    private func attach(edgeSlot: Int, source: String, target: String) {
        nodeStore[nodeStore.slot(of: source)!].outgoing.append(edgeSlot)
        nodeStore[nodeStore.slot(of: target)!].incoming.append(edgeSlot)
    }

    /// Removes an edge slot from its endpoints' incidence lists.
    private func detach(edgeSlot: Int, source: String, target: String) {
        let sourceSlot = nodeStore.slot(of: source)!
        if let position = nodeStore[sourceSlot].outgoing.firstIndex(of: edgeSlot) {
            nodeStore[sourceSlot].outgoing.swapAt(position, nodeStore[sourceSlot].outgoing.count - 1)
            nodeStore[sourceSlot].outgoing.removeLast()
        }
        let targetSlot = nodeStore.slot(of: target)!
        if let position = nodeStore[targetSlot].incoming.firstIndex(of: edgeSlot) {
            nodeStore[targetSlot].incoming.swapAt(position, nodeStore[targetSlot].incoming.count - 1)
            nodeStore[targetSlot].incoming.removeLast()
        }
    }

    /// Forgets a child of a parent.
    private func removeChild(_ id: String, of parent: String) {
        children[parent]?.remove(id)
        if children[parent]?.isEmpty == true { children[parent] = nil }
    }
}
