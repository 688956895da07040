import ProcessorSupport

/// Builds a 2D d3-quadtree by sorting its points on Morton keys instead of partitioning them level by level.
///
/// A point's key interleaves its cell coordinates at depth 32 (y bit over x bit, so key order is d3's child index
/// order, which is pre-order). The coordinates are exact: the root's corner is an integer and its size a power of
/// two, so `floor(x * 2^32 / size) - corner * 2^32 / size` is computed without rounding, and every bit of it is the
/// comparison d3 makes against the midpoint at that depth. After a stable sort, two neighbouring keys share cells
/// down to the depth of their first differing digit, which gives each leaf's depth and every cell on the way, in
/// pre-order, in one pass. The result is the tree the partition build gives, cell for cell.
///
/// With more than one thread, the keys are computed in parallel chunks and, after the first radix pass, the buckets
/// are sorted on the threads (disjoint ranges, each sorted as one thread would: the result does not change).
///
/// It declines (returns nil) when keys cannot be exact (a root larger than 2^32 or far from the origin) or when two
/// points share a depth-32 cell without coinciding; the partition build then runs.
final class SortedQuadtreeBuilder: @unchecked Sendable {
    /// A point's Morton key and node index.
    private struct Entry {
        var key: UInt64
        var index: Int32
    }

    /// The outputs of a build: the tree's per-cell and per-point buffers.
    struct Output {
        let end: ScratchBuffer<Int32>
        let head: ScratchBuffer<Int32>
        let first: ScratchBuffer<Int32>
        let bounds: ScratchBuffer<Double>
        let next: UnsafeMutablePointer<Int32>
        let order: UnsafeMutablePointer<Int32>
        /// The number of nodes (`next` has one entry per node).
        let nodes: Int
    }

    /// Sorted entries, and the buffer the radix passes scatter into.
    private let entries = ScratchBuffer<Entry>()
    private let spare = ScratchBuffer<Entry>()

    /// Builds the tree over `count` points (x then y per point in `points`, their node indices in `indices`, in
    /// index order; `x` and `y` are all nodes' coordinates) in the root from `lower` of side `size`, and returns
    /// its number of cells, using up to `threads` threads for the keys and the sort.
    func build(
        count n: Int, points: UnsafePointer<Double>, indices: UnsafePointer<Int32>, x: UnsafePointer<Double>,
        y: UnsafePointer<Double>, lower: (Double, Double), size: Double, threads: Int = 1, into output: Output
    ) -> Int? {
        let scale = 4_294_967_296 / size
        let offset = (lower.0 * scale, lower.1 * scale)
        guard size <= 4_294_967_296, abs(offset.0) < 0x1p50, abs(offset.1) < 0x1p50 else { return nil }
        entries.reserve(n)
        spare.reserve(n)
        let sorted = entries.base
        // Wrapping operations where the guard above rules out overflow (and below, where indices and cell counts
        // fit in Int32 as everywhere in the tree).
        let lowest = (Int64(offset.0), Int64(offset.1))
        let input = Input(points: points, indices: indices, sorted: sorted)
        let chunk = 8192
        forEachClaimedItem((n + chunk - 1) / chunk, threads: threads) { c, _ in
            for s in (c &* chunk)..<min(n, c &* chunk &+ chunk) {
                let kx = UInt64(bitPattern: Int64((input.points[s &* 2] * scale).rounded(.down)) &- lowest.0)
                let ky = UInt64(bitPattern: Int64((input.points[s &* 2 &+ 1] * scale).rounded(.down)) &- lowest.1)
                input.sorted[s] = Entry(key: Self.spread(kx) | Self.spread(ky) &<< 1, index: input.indices[s])
            }
        }
        if threads > 1 && n > chunk {
            var buckets: [SIMD3<Int>] = []
            sort(0, n, bits: 64) { buckets.append(SIMD3($0, $1, $2)) }
            let planned = buckets
            forEachClaimedItem(planned.count, threads: threads) { i, _ in
                self.sort(planned[i].x, planned[i].y, bits: planned[i].z)
            }
        } else {
            sort(0, n, bits: 64)
        }
        return emit(n, x: x, y: y, lower: lower, size: size, into: output)
    }

    /// What the key workers read and write.
    private struct Input: @unchecked Sendable {
        let points: UnsafePointer<Double>, indices: UnsafePointer<Int32>
        let sorted: UnsafeMutablePointer<Entry>
    }

    /// The entries from `s` on that share its key end before the returned `t`; `following` is the number of levels
    /// that key shares with the next one (-1 at the end).
    @inline(__always)
    private func group(at s: Int, _ n: Int) -> (t: Int, following: Int) {
        let sorted = entries.base, key = sorted[s].key
        var t = s &+ 1
        while t < n && sorted[t].key == key { t &+= 1 }
        return (t, t < n ? Self.sharedDepth(key, sorted[t].key) : -1)
    }

    /// Writes the cells in pre-order from the sorted entries; nil if two points share a key without coinciding.
    private func emit(
        _ n: Int, x: UnsafePointer<Double>, y: UnsafePointer<Double>, lower: (Double, Double), size: Double,
        into output: Output
    ) -> Int? {
        let sorted = entries.base
        // A point (or chain) sharing `previous` levels with the one before it and `following` with the one after
        // has its leaf one level below the deeper of the two, and adds the cells from below `previous` to the leaf.
        var total = 0
        var previous = -1
        var s = 0
        while s < n {
            let (t, following) = group(at: s, n)
            if t - s > 1 && !coincide(s, t, x, y) { return nil }
            total += max(previous, following) - previous + 1
            previous = following
            s = t
        }
        output.end.reserve(total)
        output.head.reserve(total)
        output.first.reserve(total + 1)
        output.bounds.reserve(total * 4)
        let end = output.end.base, head = output.head.base, first = output.first.base, bounds = output.bounds.base
        let next = output.next, order = output.order
        // Per depth on the current path: the open cell, its lower corner and the width of cells there.
        let path = UnsafeMutablePointer<Int32>.allocate(capacity: 33)
        let corners = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 33)
        let widths = UnsafeMutablePointer<Double>.allocate(capacity: 33)
        defer {
            path.deallocate()
            corners.deallocate()
            widths.deallocate()
        }
        next.initialize(repeating: -1, count: output.nodes)
        widths[0] = size
        for d in 1..<33 { widths[d] = widths[d - 1] / 2 }
        var open = 0
        var cells = 0
        previous = -1
        s = 0
        while s < n {
            let key = sorted[s].key
            let (t, following) = group(at: s, n)
            let depth = max(previous, following) + 1
            while open > previous &+ 1 {
                open &-= 1
                end[Int(path[open])] = Int32(truncatingIfNeeded: cells)
            }
            // The cells from below the shared ones down to the leaf, each a child of the one above.
            while open <= depth {
                let k = cells
                cells &+= 1
                let corner: SIMD2<Double>
                if open == 0 {
                    corner = SIMD2(lower.0, lower.1)
                } else {
                    let digit = Int(truncatingIfNeeded: key &>> UInt64(truncatingIfNeeded: 64 &- 2 &* open)) & 3
                    let parent = corners[open &- 1], w = widths[open]
                    corner = SIMD2(digit & 1 == 0 ? parent.x : parent.x + w, digit & 2 == 0 ? parent.y : parent.y + w)
                }
                let w = widths[open]
                (bounds + k &* 4).withMemoryRebound(to: SIMD4<Double>.self, capacity: 1) {
                    $0.pointee = SIMD4(corner.x, corner.y, corner.x + w, corner.y + w)
                }
                corners[open] = corner
                path[open] = Int32(truncatingIfNeeded: k)
                head[k] = -1
                first[k] = Int32(truncatingIfNeeded: s)
                open &+= 1
            }
            open &-= 1
            let leaf = cells &- 1
            end[leaf] = Int32(truncatingIfNeeded: cells)
            // A chain: indices ascend within equal keys (the sort is stable); the newest heads it.
            if t - s == 1 {
                let p = sorted[s].index
                order[s] = p
                head[leaf] = p
            } else {
                var older: Int32 = -1
                for u in s..<t {
                    let p = sorted[u].index
                    next[Int(p)] = older
                    order[s + t - 1 - u] = p
                    older = p
                }
                head[leaf] = older
            }
            previous = following
            s = t
        }
        while open > 0 {
            open -= 1
            end[Int(path[open])] = Int32(cells)
        }
        first[cells] = Int32(n)
        return cells
    }

    /// Whether the points of entries `s..<t` share one position exactly.
    private func coincide(_ s: Int, _ t: Int, _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>) -> Bool {
        let sorted = entries.base
        func position(_ u: Int) -> (Double, Double) {
            let p = Int(sorted[u].index)
            return (x[p], y[p])
        }
        let first = position(s)
        return (s + 1..<t).allSatisfy { position($0) == first }
    }

    /// Depth of the deepest cell two different keys share (the number of leading base-4 digits they agree on).
    @inline(__always)
    private static func sharedDepth(_ a: UInt64, _ b: UInt64) -> Int {
        (a ^ b).leadingZeroBitCount / 2
    }

    /// Stable radix sort of entries `a..<b` on the key bits below `bits` (most significant digit first; short
    /// ranges by insertion). With `later`, the buckets of the first pass that splits the range are handed to it
    /// (from, to, bits left) instead of being sorted.
    private func sort(_ a: Int, _ b: Int, bits: Int, later: ((Int, Int, Int) -> Void)? = nil) {
        let n = b - a
        if n <= 32 || bits == 0 {
            insertionSort(a, b)
            return
        }
        let width = min(bits, max(4, min(11, (Int.bitWidth - n.leadingZeroBitCount) - 3)))
        let shift = bits - width
        let mask = (UInt64(1) << width) - 1
        let sorted = entries.base, target = spare.base
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << width) { counts in
            counts.initialize(repeating: 0)
            for s in a..<b { counts[Int(truncatingIfNeeded: (sorted[s].key &>> shift) & mask)] &+= 1 }
            if counts.contains(n) {
                sort(a, b, bits: shift, later: later)
                return
            }
            var start = a
            for digit in 0..<counts.count {
                let c = counts[digit]
                counts[digit] = start
                start &+= c
            }
            for s in a..<b {
                let digit = Int(truncatingIfNeeded: (sorted[s].key &>> shift) & mask)
                target[counts[digit]] = sorted[s]
                counts[digit] &+= 1
            }
            (sorted + a).update(from: target + a, count: n)
            var from = a
            for digit in 0..<counts.count {
                let to = counts[digit]
                if to &- from > 1 {
                    if let later { later(from, to, shift) } else { sort(from, to, bits: shift) }
                }
                from = to
            }
        }
    }

    /// Stable insertion sort of entries `a..<b` by key.
    private func insertionSort(_ a: Int, _ b: Int) {
        let sorted = entries.base
        for s in a + 1 ..< max(a + 1, b) {
            let entry = sorted[s]
            var t = s
            while t > a && sorted[t &- 1].key > entry.key {
                sorted[t] = sorted[t &- 1]
                t &-= 1
            }
            sorted[t] = entry
        }
    }

    /// The bits of `v`'s low 32 bits spread to the even positions.
    @inline(__always)
    private static func spread(_ v: UInt64) -> UInt64 {
        var v = v & 0xFFFF_FFFF
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | v << 2) & 0x3333_3333_3333_3333
        return (v | v << 1) & 0x5555_5555_5555_5555
    }
}
