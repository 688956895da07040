/// Edges by node index, read from the store's per-node edge lists rather than by looking up ids.
extension Graph {
    /// Each edge's (source, target) as node indices (0-based, in node order), in edge order.
    public var edgeEndIndices: [(Int, Int)] {
        var sources = [Int](repeating: 0, count: edgeStore.slots.count), targets = sources
        var index = 0
        nodeStore.forEachSlot { slot in
            let entry = nodeStore[slot]
            for edge in entry.outgoing { sources[edge] = index }
            for edge in entry.incoming { targets[edge] = index }
            index += 1
        }
        var ends: [(Int, Int)] = []
        ends.reserveCapacity(edgeCount)
        edgeStore.forEachSlot { ends.append((sources[$0], targets[$0])) }
        return ends
    }
}
