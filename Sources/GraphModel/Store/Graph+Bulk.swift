/// Building a whole graph at once from checked elements, as the file readers do, in O(n) instead of n insertions.
extension Graph {
    /// A graph holding `nodes` and `edges` in order, exactly as adding them one by one would leave it. Node and
    /// edge ids are unique, `nodeSlots` and `edgeSlots` give each id's position in its list, and `edgeEnds` the
    /// positions of each edge's source and target in `nodes`.
    convenience init(
        nodes: [Node], nodeSlots: [String: Int], edges: [Edge], edgeSlots: [String: Int],
        edgeEnds: [(source: Int, target: Int)]
    ) {
        self.init()
        var entries = nodes.map { NodeEntry(node: $0) }
        var outDegree = [Int](repeating: 0, count: nodes.count)
        var inDegree = [Int](repeating: 0, count: nodes.count)
        for (source, target) in edgeEnds {
            outDegree[source] += 1
            inDegree[target] += 1
        }
        for slot in entries.indices {
            entries[slot].outgoing.reserveCapacity(outDegree[slot])
            entries[slot].incoming.reserveCapacity(inDegree[slot])
        }
        for (edgeSlot, (source, target)) in edgeEnds.enumerated() {
            entries[source].outgoing.append(edgeSlot)
            entries[target].incoming.append(edgeSlot)
        }
        for node in nodes {
            if node.selected { selectedNodeIds.insert(node.id) }
            if let parent = node.parentId { children[parent, default: []].insert(node.id) }
        }
        for edge in edges where edge.selected { selectedEdgeIds.insert(edge.id) }
        nodeStore = SlotList(ordered: entries, slotOf: nodeSlots)
        edgeStore = SlotList(ordered: edges, slotOf: edgeSlots)
        structureVersion = nodes.count + edges.count
        version = structureVersion
    }
}
