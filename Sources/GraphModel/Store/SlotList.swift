/// Something stored in a SlotList: it has a string id.
protocol SlotElement {
    /// The unique id.
    var id: String { get }
}

/// An ordered collection keyed by id: elements live in stable slots (O(1) lookup by id, freed slots are reused),
/// and an OrderTree keeps their order, so inserting at a dense index, removing and dense indices are O(log n).
struct SlotList<Element: SlotElement> {
    /// The elements by slot; nil marks a free slot.
    private(set) var slots: [Element?] = []
    /// The slot of each id.
    private(set) var slotOf: [String: Int] = [:]
    /// The order of the live slots.
    private var order = OrderTree()
    /// Free slots, reused before new ones are made.
    private var free: [Int] = []

    /// An empty list.
    init() {}

    /// A list of `elements` in order, in slots 0..<count; `slotOf` gives each element's index (ids are unique).
    init(ordered elements: [Element], slotOf: [String: Int]) {
        slots = elements.map(Optional.some)
        self.slotOf = slotOf
        order = OrderTree(sequentialSlots: elements.count)
    }

    /// The number of live elements.
    var count: Int { slots.count - free.count }

    /// The element in a live slot.
    subscript(slot: Int) -> Element {
        get { slots[slot]! }
        _modify { yield &slots[slot]! }
    }

    /// The slot of an id, if present.
    func slot(of id: String) -> Int? { slotOf[id] }

    /// The dense index of a live slot.
    func index(ofSlot slot: Int) -> Int { order.index(of: slot) }

    /// The slot of a dense index.
    func slot(atIndex index: Int) -> Int { order.slot(at: index) }

    /// Inserts an element whose id is not present at a dense index (clamped to 0...count; nil appends);
    /// returns its slot.
    @discardableResult
    mutating func insert(_ element: Element, at index: Int? = nil) -> Int {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = element
        } else {
            slot = slots.count
            slots.append(element)
        }
        slotOf[element.id] = slot
        order.insert(slot, at: min(max(index ?? order.count, 0), order.count))
        return slot
    }

    /// Removes the element in a live slot and returns it.
    @discardableResult
    mutating func remove(slot: Int) -> Element {
        let element = slots[slot]!
        slots[slot] = nil
        slotOf[element.id] = nil
        order.remove(slot)
        free.append(slot)
        return element
    }

    /// Calls `body` with each live slot in order.
    func forEachSlot(_ body: (Int) throws -> Void) rethrows {
        try order.forEach(body)
    }

    /// Live slots sorted by their dense index, without duplicates.
    func inOrder<S: Sequence>(_ slots: S) -> [Int] where S.Element == Int {
        Set(slots).map { (index: order.index(of: $0), slot: $0) }.sorted { $0.index < $1.index }.map(\.slot)
    }
}
