/// Fast mode's 2D cells, built for the multipole sums instead of d3's quadtree: the nodes within reach sorted on
/// Morton keys of 16 bits a coordinate, relative to the square around them, then a quadtree of point ranges split
/// two key bits a level down to cells of at most `leafSize` points. A cell whose points still share all 32 bits is
/// keyed again within its own square (so a far node does not crowd the others into one leaf); a cell whose points
/// coincide stays a leaf. A cell with one non-empty child is passed over. Ties sort by node index, so the order and
/// the cells depend on the positions and the nodes' numbering, not on the threads.
final class MortonCells {
    /// The nodes within reach in key order (the first `keptCount` entries).
    let order = ScratchBuffer<Int32>()
    /// How many nodes are within reach (`SpatialTree.withinReach`); the others take no part.
    private(set) var keptCount = 0

    /// Per entry: key (high 32 bits) and node index (low 32 bits); and the radix sort's other buffer.
    private let entries = ScratchBuffer<UInt64>(), spare = ScratchBuffer<UInt64>()
    /// The radix sort's counts: 3 passes of 11 bits.
    private let counts = ScratchBuffer<Int>()

    /// Sorts the nodes within reach among `count` nodes at (x, y); false when there are none, or when the square
    /// around them is wider than `widest`.
    func sort(count n: Int, x: UnsafePointer<Double>, y: UnsafePointer<Double>, widest: Double) -> Bool {
        entries.reserve(n)
        spare.reserve(n)
        order.reserve(n)
        let entry = entries.base
        var lower = SIMD2<Double>(repeating: .infinity), upper = SIMD2<Double>(repeating: -.infinity)
        var kept = 0
        for i in 0..<n where SpatialTree.withinReach(x[i]) && SpatialTree.withinReach(y[i]) {
            let point = SIMD2(x[i], y[i])
            lower = pointwiseMin(lower, point)
            upper = pointwiseMax(upper, point)
            entry[kept] = UInt64(truncatingIfNeeded: i)
            kept &+= 1
        }
        keptCount = kept
        guard kept > 0 else { return false }
        let side = (upper - lower).max()
        guard side <= widest else { return false }
        key(0, kept, lower: lower, side: side, x: x, y: y)
        return true
    }

    /// Writes the cells' point ranges and links (children consecutive and after their parent) into `cells`, and the
    /// leaves into `leaves`; returns the number of cells and of leaves. `sort` must have succeeded.
    func cells(
        into cells: ScratchBuffer<MultipoleManyBody.Cell>, leaves: ScratchBuffer<Int32>, leafSize: Int,
        x: UnsafePointer<Double>, y: UnsafePointer<Double>
    ) -> (cells: Int, leaves: Int) {
        let kept = keptCount
        // At most one cell per point and one per split, which has two children at least.
        cells.reserve(2 * kept)
        leaves.reserve(kept)
        var builder = Builder(
            cells: cells.base, leaves: leaves.base, entries: entries.base, leafSize: leafSize, x: x, y: y, owner: self)
        builder.cells[0] = MultipoleManyBody.Cell(from: 0, count: Int32(kept))
        builder.cellCount = 1
        builder.split(0, level: 0)
        let order = self.order.base, entry = entries.base
        for s in 0..<kept { order[s] = Int32(truncatingIfNeeded: entry[s]) }
        return (builder.cellCount, builder.leafCount)
    }

    /// Writes the keys of entries `from ..< to` (node indices in the low bits, in ascending order) within the square
    /// of side `side` from `lower`, and sorts them.
    private func key(
        _ from: Int, _ to: Int, lower: SIMD2<Double>, side: Double, x: UnsafePointer<Double>,
        y: UnsafePointer<Double>
    ) {
        // (p − lower) ≤ side < 2^(e+1), so p times 2^(15 − e) is below 2^16; two factors keep each in range.
        let e = side > 0 ? side.exponent : 0
        let first = max(-1022, min(1023, 15 - e))
        let scale = SIMD2<Double>(repeating: Double(sign: .plus, exponent: first, significand: 1))
        let rest = SIMD2<Double>(repeating: Double(sign: .plus, exponent: 15 - e - first, significand: 1))
        let entry = entries.base
        for s in from..<to {
            let i = Int(truncatingIfNeeded: entry[s] & 0xFFFF_FFFF)
            let k = (SIMD2(x[i], y[i]) - lower) * scale * rest
            let key = Self.interleave(UInt32(k.x), UInt32(k.y))
            entry[s] = UInt64(key) &<< 32 | UInt64(i)
        }
        radixSort(from, to)
    }

    /// Sorts entries `from ..< to` on their keys, stably (so ties stay in node order): three passes of 11 bits.
    private func radixSort(_ from: Int, _ to: Int) {
        let n = to - from
        guard n > 1 else { return }
        if n <= 32 {
            insertionSort(from, to)
            return
        }
        counts.reserve(3 * 2048)
        let count = counts.base
        count.initialize(repeating: 0, count: 3 * 2048)
        var source = entries.base + from, target = spare.base + from
        for s in 0..<n {
            let key = source[s] &>> 32
            count[Int(key & 0x7FF)] &+= 1
            count[2048 &+ Int((key &>> 11) & 0x7FF)] &+= 1
            count[4096 &+ Int(key &>> 22)] &+= 1
        }
        for pass in 0..<3 {
            let digits = count + pass &* 2048
            var total = 0
            for d in 0..<2048 {
                let c = digits[d]
                digits[d] = total
                total &+= c
            }
            let shift = UInt64(32 + 11 * pass)
            for s in 0..<n {
                let d = Int((source[s] &>> shift) & 0x7FF)
                target[digits[d]] = source[s]
                digits[d] &+= 1
            }
            swap(&source, &target)
        }
        // After an odd number of passes the sorted entries are in the spare buffer.
        (entries.base + from).update(from: source, count: n)
    }

    /// Sorts a few entries in place.
    private func insertionSort(_ from: Int, _ to: Int) {
        let entry = entries.base
        for s in (from + 1)..<to {
            let value = entry[s]
            var t = s
            while t > from && entry[t - 1] > value {
                entry[t] = entry[t - 1]
                t -= 1
            }
            entry[t] = value
        }
    }

    /// The low 16 bits of x on the even bits and of y on the odd bits: both spread at once, one in each half of a
    /// 64-bit word (the shifts, 15 bits in all, stay within a half's 16 free bits).
    @inline(__always)
    private static func interleave(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var v = UInt64(x & 0xFFFF) | UInt64(y & 0xFFFF) &<< 32
        v = (v | v &<< 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v &<< 4) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v | v &<< 2) & 0x3333_3333_3333_3333
        v = (v | v &<< 1) & 0x5555_5555_5555_5555
        return UInt32(truncatingIfNeeded: v) | UInt32(truncatingIfNeeded: v &>> 32) &<< 1
    }

    /// The cell writer: cells and leaves so far.
    private struct Builder {
        let cells: UnsafeMutablePointer<MultipoleManyBody.Cell>
        let leaves: UnsafeMutablePointer<Int32>
        let entries: UnsafeMutablePointer<UInt64>
        let leafSize: Int
        let x: UnsafePointer<Double>, y: UnsafePointer<Double>
        let owner: MortonCells
        var cellCount = 0, leafCount = 0

        /// Splits cell `c`, whose entries share the key bits above `level` (counted from the top, two a level).
        mutating func split(_ c: Int, level: Int) {
            let from = Int(cells[c].from), to = from + Int(cells[c].count)
            var level = level
            while true {
                if to - from <= leafSize { return leaf(c) }
                if level == 32 {
                    // All 32 bits shared: key the cell's points again within their own square, unless they coincide.
                    var lower = SIMD2<Double>(repeating: .infinity), upper = SIMD2<Double>(repeating: -.infinity)
                    for s in from..<to {
                        let i = Int(truncatingIfNeeded: entries[s] & 0xFFFF_FFFF)
                        lower = pointwiseMin(lower, SIMD2(x[i], y[i]))
                        upper = pointwiseMax(upper, SIMD2(x[i], y[i]))
                    }
                    let side = (upper - lower).max()
                    if side == 0 { return leaf(c) }
                    owner.key(from, to, lower: lower, side: side, x: x, y: y)
                    level = 0
                }
                // The four quadrants' ranges at this level: entries are sorted, so each is a run, found by bisection.
                let shift = UInt64(62 - level)
                var bounds = SIMD4<Int>(repeating: to), nonEmpty = 0
                var s = from
                for quadrant in 0..<4 {
                    bounds[quadrant] = s
                    var high = to
                    while s < high {
                        let middle = (s &+ high) / 2
                        if Int((entries[middle] &>> shift) & 3) <= quadrant { s = middle &+ 1 } else { high = middle }
                    }
                    if s > bounds[quadrant] { nonEmpty += 1 }
                }
                level += 2
                if nonEmpty == 1 { continue }
                let first = cellCount
                for quadrant in 0..<4 {
                    let start = bounds[quadrant], end = quadrant < 3 ? bounds[quadrant + 1] : to
                    guard end > start else { continue }
                    cells[cellCount] = MultipoleManyBody.Cell(
                        from: Int32(start), count: Int32(end - start), parent: Int32(c))
                    cellCount += 1
                }
                cells[c].firstChild = Int32(first)
                cells[c].childCount = Int32(cellCount - first)
                for child in first..<cellCount { split(child, level: level) }
                return
            }
        }

        /// Records cell `c` as a leaf.
        mutating func leaf(_ c: Int) {
            cells[c].childCount = 0
            leaves[leafCount] = Int32(c)
            leafCount += 1
        }
    }
}
