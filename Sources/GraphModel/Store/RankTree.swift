/// A Fenwick tree over slot liveness: the dense index of a slot, and the slot of a dense index, in O(log n).
struct RankTree {
    /// One-based partial sums.
    private var tree: [Int32] = [0]

    /// The number of slots tracked.
    var count: Int { tree.count - 1 }

    /// Adds a slot at the end, live or dead.
    mutating func append(live: Bool) {
        let position = tree.count
        let low = position & -position
        tree.append(Int32((live ? 1 : 0) + prefix(position - 1) - prefix(position - low)))
    }

    /// Marks a live slot dead.
    mutating func kill(_ slot: Int) {
        var position = slot + 1
        while position < tree.count {
            tree[position] -= 1
            position += position & -position
        }
    }

    /// The number of live slots before `slot`: its dense index when it is live.
    func rank(_ slot: Int) -> Int { prefix(slot) }

    /// The slot holding the live element at dense `index`.
    func slot(ofRank index: Int) -> Int {
        var position = 0
        var remaining = Int32(index)
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }

    /// The number of live slots among the first `length` slots.
    private func prefix(_ length: Int) -> Int {
        var sum = 0
        var position = length
        while position > 0 {
            sum += Int(tree[position])
            position -= position & -position
        }
        return sum
    }
}
