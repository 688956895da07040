/// A binary min-heap of (node, tentative distance) entries, for Dijkstra's algorithm.
struct DistanceHeap {
    private var entries: [(node: Int, distance: Double)] = []

    /// Adds an entry.
    mutating func push(node: Int, distance: Double) {
        entries.append((node, distance))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].distance < entries[parent].distance else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the entry with the smallest distance, or nil when empty.
    mutating func pop() -> (node: Int, distance: Double)? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return last }
        let top = entries[0]
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].distance < entries[smallest].distance { smallest = left }
            if right < entries.count, entries[right].distance < entries[smallest].distance { smallest = right }
            guard smallest != parent else { return top }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
