/// Reusable, manually managed storage for working arrays that are rebuilt every tick (no per-tick allocation).
final class ScratchBuffer<Element: BitwiseCopyable> {
    /// Start of the storage; valid until the next `reserve` that grows it.
    private(set) var base: UnsafeMutablePointer<Element>
    /// Elements the storage can hold.
    private(set) var capacity: Int

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `count` elements, copying the first `preserving` ones when the storage moves.
    func reserve(_ count: Int, preserving: Int = 0) {
        guard count > capacity else { return }
        let newCapacity = max(count, capacity * 2)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if preserving > 0 { fresh.update(from: base, count: preserving) }
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}
