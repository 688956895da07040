/// Something stored in a SlotList: it has a string id.
protocol SlotElement {
    /// The unique id.
    var id: String { get }
}

/// An ordered collection keyed by id with O(1) lookup, O(1) removal (tombstones) and O(log n) dense indices.
struct SlotList<Element: SlotElement> {
    /// The elements in order; nil marks a removed element.
    private(set) var slots: [Element?] = []
    /// The slot of each id.
    private(set) var slotOf: [String: Int] = [:]
    /// Liveness of the slots, for dense indices.
    private var ranks = RankTree()
    /// The number of removed elements still occupying a slot.
    private(set) var dead = 0

    /// The number of live elements.
    var count: Int { slots.count - dead }

    /// The element in a live slot.
    subscript(slot: Int) -> Element {
        get { slots[slot]! }
        _modify { yield &slots[slot]! }
    }

    /// The slot of an id, if present.
    func slot(of id: String) -> Int? { slotOf[id] }

    /// The dense index of a live slot.
    func index(ofSlot slot: Int) -> Int { dead == 0 ? slot : ranks.rank(slot) }

    /// The slot of a dense index.
    func slot(atIndex index: Int) -> Int { dead == 0 ? index : ranks.slot(ofRank: index) }

    /// Makes room for `count` more elements.
    mutating func reserve(_ extra: Int) {
        slots.reserveCapacity(slots.count + extra)
        slotOf.reserveCapacity(slotOf.count + extra)
    }

    /// Appends an element whose id is not present; returns its slot.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        let slot = slots.count
        slots.append(element)
        slotOf[element.id] = slot
        ranks.append(live: true)
        return slot
    }

    /// Removes the element in a live slot and returns it.
    mutating func remove(slot: Int) -> Element {
        let element = slots[slot]!
        slots[slot] = nil
        slotOf[element.id] = nil
        ranks.kill(slot)
        dead += 1
        return element
    }

    /// Calls `body` with each live slot in order.
    func forEachSlot(_ body: (Int) throws -> Void) rethrows {
        for slot in slots.indices where slots[slot] != nil { try body(slot) }
    }

    /// True when enough slots are dead that compacting pays.
    var isSparse: Bool { dead > 64 && dead > count }

    /// Rebuilds without dead slots, inserting `insertions` (dense index, element; ascending) on the way;
    /// returns each old slot's new slot (-1 for dead ones).
    @discardableResult
    mutating func rebuild(inserting insertions: [(index: Int, element: Element)] = []) -> [Int] {
        var mapping = [Int](repeating: -1, count: slots.count)
        var rebuilt: [Element?] = []
        rebuilt.reserveCapacity(count + insertions.count)
        var pending = insertions[...]
        func flushInsertions() {
            while let next = pending.first, next.index <= rebuilt.count {
                rebuilt.append(next.element)
                pending.removeFirst()
            }
        }
        for slot in slots.indices {
            guard let element = slots[slot] else { continue }
            flushInsertions()
            mapping[slot] = rebuilt.count
            rebuilt.append(element)
        }
        flushInsertions()
        rebuilt.append(contentsOf: pending.map(\.element))
        slots = rebuilt
        dead = 0
        ranks = RankTree()
        slotOf = Dictionary(minimumCapacity: rebuilt.count)
        for (slot, element) in rebuilt.enumerated() {
            slotOf[element!.id] = slot
            ranks.append(live: true)
        }
        return mapping
    }
}
