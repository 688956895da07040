/// The order of the live slots of a SlotList: a treap keyed by position (an order-statistics tree) whose nodes are
/// the slot numbers, so inserting at a dense index, removing, the index of a slot and the slot at an index all
/// take O(log n) expected time. Priorities are a fixed hash of the slot number, so the shape is deterministic.
struct OrderTree {
    /// The left child of each slot, or -1.
    private var left: [Int32] = []
    /// The right child of each slot, or -1.
    private var right: [Int32] = []
    /// The parent of each slot, or -1 for the root.
    private var parent: [Int32] = []
    /// The number of slots in the subtree under each slot.
    private var size: [Int32] = []
    /// The heap priority of each slot: parents have higher priorities than their children.
    private var priority: [UInt32] = []
    /// The root slot, or -1 when empty.
    private var root: Int32 = -1

    /// The number of slots in the order.
    var count: Int { Int(sizeOf(root)) }

    /// An empty order.
    init() {}

    /// An order of the slots 0..<count in slot order, built in O(n) as a Cartesian tree over the priorities:
    /// the same tree that inserting them one by one at the end gives.
    init(sequentialSlots count: Int) {
        reserve(count)
        for _ in 0..<count { addSlotRecord() }
        // The right spine of the tree so far; while a slot is on it, `size` holds the first slot of its subtree.
        var spine: [Int32] = []
        for slot in Int32(0)..<Int32(count) {
            var below: Int32 = -1
            while let top = spine.last, priority[Int(top)] <= priority[Int(slot)] {
                below = spine.removeLast()
                size[Int(below)] = slot - size[Int(below)]
            }
            size[Int(slot)] = below >= 0 ? slot - size[Int(below)] : slot
            setLeft(slot, below)
            if let top = spine.last { setRight(top, slot) }
            spine.append(slot)
        }
        for slot in spine { size[Int(slot)] = Int32(count) - size[Int(slot)] }
        root = spine.first ?? -1
    }

    /// Makes room for slots up to `capacity`.
    mutating func reserve(_ capacity: Int) {
        left.reserveCapacity(capacity)
        right.reserveCapacity(capacity)
        parent.reserveCapacity(capacity)
        size.reserveCapacity(capacity)
        priority.reserveCapacity(capacity)
    }

    /// Puts a slot that is not in the order at dense `index` (0...count).
    mutating func insert(_ slot: Int, at index: Int) {
        precondition(index >= 0 && index <= count, "order index \(index) out of range 0...\(count)")
        while left.count <= slot { addSlotRecord() }
        let node = Int32(slot)
        var remaining = Int32(index)
        var current = root
        var above: Int32 = -1
        var wentLeft = false
        while current >= 0, priority[Int(current)] > priority[slot] {
            size[Int(current)] += 1
            above = current
            let leftSize = sizeOf(left[Int(current)])
            wentLeft = remaining <= leftSize
            if wentLeft {
                current = left[Int(current)]
            } else {
                remaining -= leftSize + 1
                current = right[Int(current)]
            }
        }
        let (before, after) = split(current, remaining)
        setLeft(node, before)
        setRight(node, after)
        size[slot] = 1 + sizeOf(before) + sizeOf(after)
        replaceChild(of: above, wentLeft: wentLeft, with: node)
    }

    /// Takes a slot out of the order.
    mutating func remove(_ slot: Int) {
        let joined = merge(left[slot], right[slot])
        let above = parent[slot]
        replaceChild(of: above, wentLeft: above >= 0 && left[Int(above)] == Int32(slot), with: joined)
        var current = above
        while current >= 0 {
            size[Int(current)] -= 1
            current = parent[Int(current)]
        }
        left[slot] = -1
        right[slot] = -1
        parent[slot] = -1
        size[slot] = 0
    }

    /// The dense index of a slot in the order.
    func index(of slot: Int) -> Int {
        var node = Int32(slot)
        var index = sizeOf(left[slot])
        while parent[Int(node)] >= 0 {
            let above = parent[Int(node)]
            if right[Int(above)] == node { index += sizeOf(left[Int(above)]) + 1 }
            node = above
        }
        return Int(index)
    }

    /// The slot at dense `index` (0..<count).
    func slot(at index: Int) -> Int {
        var remaining = Int32(index)
        var node = root
        while true {
            let leftSize = sizeOf(left[Int(node)])
            if remaining < leftSize {
                node = left[Int(node)]
            } else if remaining == leftSize {
                return Int(node)
            } else {
                remaining -= leftSize + 1
                node = right[Int(node)]
            }
        }
    }

    /// Calls `body` with each slot in order.
    func forEach(_ body: (Int) throws -> Void) rethrows {
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        var node = root
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                stack.append(node)
                node = left[Int(node)]
            }
            node = stack.removeLast()
            try body(Int(node))
            node = right[Int(node)]
        }
    }

    /// Adds the records of one more slot number, outside the order.
    private mutating func addSlotRecord() {
        let slot = UInt64(left.count)
        left.append(-1)
        right.append(-1)
        parent.append(-1)
        size.append(0)
        // SplitMix64's finaliser: well-spread priorities that depend only on the slot number.
        var hash = slot &+ 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        priority.append(UInt32(truncatingIfNeeded: hash ^ (hash >> 31)))
    }

    /// The subtree size under a node, 0 for -1.
    private func sizeOf(_ node: Int32) -> Int32 { node < 0 ? 0 : size[Int(node)] }

    /// Splits the subtree under `node` into its first `count` slots and the rest; the two roots' parents are
    /// left for the caller to set.
    private mutating func split(_ node: Int32, _ count: Int32) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let leftSize = sizeOf(left[Int(node)])
        if count <= leftSize {
            let (first, rest) = split(left[Int(node)], count)
            setLeft(node, rest)
            size[Int(node)] = 1 + sizeOf(rest) + sizeOf(right[Int(node)])
            return (first, node)
        }
        let (first, rest) = split(right[Int(node)], count - leftSize - 1)
        setRight(node, first)
        size[Int(node)] = 1 + sizeOf(left[Int(node)]) + sizeOf(first)
        return (node, rest)
    }

    /// Joins two subtrees, every slot of `first` before every slot of `second`; the root's parent is left for
    /// the caller to set.
    private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
        guard first >= 0 else { return second }
        guard second >= 0 else { return first }
        let total = size[Int(first)] + size[Int(second)]
        if priority[Int(first)] > priority[Int(second)] {
            setRight(first, merge(right[Int(first)], second))
            size[Int(first)] = total
            return first
        }
        setLeft(second, merge(first, left[Int(second)]))
        size[Int(second)] = total
        return second
    }

    /// Makes `child` (or nothing) the left child of `node`.
    private mutating func setLeft(_ node: Int32, _ child: Int32) {
        left[Int(node)] = child
        if child >= 0 { parent[Int(child)] = node }
    }

    /// Makes `child` (or nothing) the right child of `node`.
    private mutating func setRight(_ node: Int32, _ child: Int32) {
        right[Int(node)] = child
        if child >= 0 { parent[Int(child)] = node }
    }

    /// Hangs `child` where a child of `above` was (the root when `above` is -1).
    private mutating func replaceChild(of above: Int32, wentLeft: Bool, with child: Int32) {
        if above < 0 {
            root = child
            if child >= 0 { parent[Int(child)] = -1 }
        } else if wentLeft {
            setLeft(above, child)
        } else {
            setRight(above, child)
        }
    }
}
