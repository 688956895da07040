/// A d3-quadtree (2D) or d3-octree (3D) over a set of points, with the same cell geometry, insertion and child
/// order, laid out in pre-order in flat arrays so a visit is a linear scan that can skip a cell's subtree.
///
/// Cell `k` covers `bounds[k * 2d ..< k * 2d + d]` (lower corner) to the next `d` values (upper corner); its
/// subtree ends before `end[k]`; a leaf has `head[k]`, the newest point of its chain of coincident points, and an
/// internal cell has -1. The children of internal cell `k` are `k + 1`, `end[k + 1]`, ... up to `end[k]`, in
/// d3's child index order.
final class SpatialTree {
    /// Dimensions of the last build, 2 or 3.
    private(set) var dimensions = 2
    /// Number of cells of the last build.
    private(set) var cellCount = 0
    /// Number of points entered in `order` of the last build (all of them, skipped ones last).
    private(set) var pointCount = 0
    /// Per cell: the index one past its subtree.
    let end = ScratchBuffer<Int32>()
    /// Per cell: the head point of a leaf's chain, or -1 for an internal cell.
    let head = ScratchBuffer<Int32>()
    /// Per cell: lower corner then upper corner, 2 * dimensions values.
    let bounds = ScratchBuffer<Double>()
    /// Per point: the next (older) point of its coincident chain, or -1.
    let next = ScratchBuffer<Int32>()
    /// Every point once: the tree's points leaf by leaf in pre-order (chains newest first), then those skipped
    /// because a coordinate is NaN.
    let order = ScratchBuffer<Int32>()

    /// Child slots of internal nodes during insertion: -1 empty, >= 0 internal node, else leaf -(point + 2).
    private let blocks = ScratchBuffer<Int32>()
    /// Reference to the root during insertion (same encoding as `blocks`).
    private var rootRef: Int32 = -1
    /// Internal nodes allocated in `blocks`.
    private var blockCount = 0
    private let parent = ScratchBuffer<Int32>()
    private let stackRef = ScratchBuffer<Int32>()
    private let stackParent = ScratchBuffer<Int32>()
    private let stackBounds = ScratchBuffer<Double>()

    /// Builds the tree over points 0..<count at (x, y[, z]) as d3's `quadtree(nodes, x, y)` / `octree(...)` does:
    /// the root grows from an integer unit cell to cover the extent, then points are added in index order.
    func build(
        count n: Int, dimensions d: Int,
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) {
        dimensions = d
        let three = d == 3
        let fanout = three ? 8 : 4
        next.reserve(n)
        order.reserve(n)
        pointCount = n
        cellCount = 0

        var lo = (Double.infinity, Double.infinity, Double.infinity)
        var hi = (-Double.infinity, -Double.infinity, -Double.infinity)
        var skipped = 0
        for i in 0..<n {
            let px = x[i], py = y[i], pz = three ? z![i] : 0
            if px.isNaN || py.isNaN || pz.isNaN {
                skipped += 1
                continue
            }
            if px < lo.0 { lo.0 = px }
            if px > hi.0 { hi.0 = px }
            if py < lo.1 { lo.1 = py }
            if py > hi.1 { hi.1 = py }
            if pz < lo.2 { lo.2 = pz }
            if pz > hi.2 { hi.2 = pz }
        }
        if lo.0 > hi.0 || lo.1 > hi.1 || lo.2 > hi.2 {
            for i in 0..<n { order.base[i] = Int32(i) }
            return
        }

        // cover(lo), then cover(hi): an integer unit cell doubled towards the far corner until it holds `hi`.
        var b0 = (lo.0.rounded(.down), lo.1.rounded(.down), lo.2.rounded(.down))
        var b1 = (b0.0 + 1, b0.1 + 1, b0.2 + 1)
        var size = 1.0
        while b0.0 > hi.0 || hi.0 >= b1.0 || b0.1 > hi.1 || hi.1 >= b1.1
            || (three && (b0.2 > hi.2 || hi.2 >= b1.2))
        {
            let i = (three && hi.2 < b0.2 ? 4 : 0) | (hi.1 < b0.1 ? 2 : 0) | (hi.0 < b0.0 ? 1 : 0)
            size *= 2
            if i & 1 == 0 { b1.0 = b0.0 + size } else { b0.0 = b1.0 - size }
            if i & 2 == 0 { b1.1 = b0.1 + size } else { b0.1 = b1.1 - size }
            if three {
                if i & 4 == 0 { b1.2 = b0.2 + size } else { b0.2 = b1.2 - size }
            }
        }

        let leafCount = insert(count: n, skipped: skipped, three: three, fanout: fanout, b0: b0, b1: b1, x: x, y: y, z: z)
        layOut(three: three, fanout: fanout, leafCount: leafCount, b0: b0, b1: b1)
    }

    /// Adds the points in index order (d3's `add`), listing skipped points at the end of `order`; returns the
    /// number of leaves.
    private func insert(
        count n: Int, skipped: Int, three: Bool, fanout: Int,
        b0: (Double, Double, Double), b1: (Double, Double, Double),
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) -> Int {
        rootRef = -1
        blockCount = 0
        var leaves = 0
        var skippedSlot = n - skipped
        let next = self.next.base
        blocks.reserve(max(16, n / 2 * fanout))
        var slots = blocks.base

        for p in 0..<n {
            let px = x[p], py = y[p], pz = three ? z![p] : 0
            if px.isNaN || py.isNaN || pz.isNaN {
                order.base[skippedSlot] = Int32(p)
                skippedSlot += 1
                continue
            }
            next[p] = -1
            let leaf = Int32(-(p + 2))
            if rootRef == -1 {
                rootRef = leaf
                leaves += 1
                continue
            }
            var c0 = b0, c1 = b1
            var node = rootRef
            var parentSlot = -1  // index into slots of the reference to `node`; -1 = the root
            while node >= 0 {
                var i = 0
                let xm = (c0.0 + c1.0) / 2
                if px >= xm { c0.0 = xm; i |= 1 } else { c1.0 = xm }
                let ym = (c0.1 + c1.1) / 2
                if py >= ym { c0.1 = ym; i |= 2 } else { c1.1 = ym }
                if three {
                    let zm = (c0.2 + c1.2) / 2
                    if pz >= zm { c0.2 = zm; i |= 4 } else { c1.2 = zm }
                }
                parentSlot = Int(node) * fanout + i
                node = slots[parentSlot]
                if node == -1 { break }
            }
            if node == -1 {
                slots[parentSlot] = leaf
                leaves += 1
                continue
            }
            let q = Int(-node - 2)
            let qx = x[q], qy = y[q], qz = three ? z![q] : 0
            if px == qx && py == qy && pz == qz {
                next[p] = Int32(q)
                if parentSlot >= 0 { slots[parentSlot] = leaf } else { rootRef = leaf }
                continue
            }
            leaves += 1
            var i = 0, j = 0
            repeat {
                let b = blockCount
                blockCount += 1
                blocks.reserve(blockCount * fanout, preserving: b * fanout)
                slots = blocks.base
                for s in 0..<fanout { slots[b * fanout + s] = -1 }
                if parentSlot >= 0 { slots[parentSlot] = Int32(b) } else { rootRef = Int32(b) }
                i = 0
                j = 0
                let xm = (c0.0 + c1.0) / 2
                if px >= xm { c0.0 = xm; i |= 1 } else { c1.0 = xm }
                if qx >= xm { j |= 1 }
                let ym = (c0.1 + c1.1) / 2
                if py >= ym { c0.1 = ym; i |= 2 } else { c1.1 = ym }
                if qy >= ym { j |= 2 }
                if three {
                    let zm = (c0.2 + c1.2) / 2
                    if pz >= zm { c0.2 = zm; i |= 4 } else { c1.2 = zm }
                    if qz >= zm { j |= 4 }
                }
                parentSlot = b * fanout + i
            } while i == j
            let b = parentSlot - i
            slots[b + j] = node
            slots[b + i] = leaf
        }
        return leaves
    }

    /// Writes the pre-order arrays (cells, bounds computed as d3's visit does, subtree ends) and the point order.
    private func layOut(
        three: Bool, fanout: Int, leafCount: Int,
        b0: (Double, Double, Double), b1: (Double, Double, Double)
    ) {
        let d = three ? 3 : 2
        let cells = blockCount + leafCount
        end.reserve(cells)
        head.reserve(cells)
        bounds.reserve(cells * 2 * d)
        parent.reserve(cells)
        let end = self.end.base, head = self.head.base, bounds = self.bounds.base, parent = self.parent.base
        let slots = blocks.base, next = self.next.base, order = self.order.base

        var top = 0
        func push(_ ref: Int32, _ parentCell: Int32, _ lo: (Double, Double, Double), _ hi: (Double, Double, Double)) {
            stackRef.reserve(top + 1, preserving: top)
            stackParent.reserve(top + 1, preserving: top)
            stackBounds.reserve((top + 1) * 6, preserving: top * 6)
            stackRef.base[top] = ref
            stackParent.base[top] = parentCell
            let s = stackBounds.base + top * 6
            (s[0], s[1], s[2], s[3], s[4], s[5]) = (lo.0, lo.1, lo.2, hi.0, hi.1, hi.2)
            top += 1
        }
        push(rootRef, -1, b0, b1)
        var k = 0
        var placed = 0
        while top > 0 {
            top -= 1
            let ref = stackRef.base[top]
            parent[k] = stackParent.base[top]
            let s = stackBounds.base + top * 6
            let lo = (s[0], s[1], s[2]), hi = (s[3], s[4], s[5])
            let out = bounds + k * 2 * d
            out[0] = lo.0
            out[1] = lo.1
            if three {
                out[2] = lo.2
                out[3] = hi.0
                out[4] = hi.1
                out[5] = hi.2
            } else {
                out[2] = hi.0
                out[3] = hi.1
            }
            end[k] = Int32(k + 1)
            if ref < 0 {
                var p = -ref - 2
                head[k] = p
                while p >= 0 {
                    order[placed] = p
                    placed += 1
                    p = next[Int(p)]
                }
            } else {
                head[k] = -1
                let mid = ((lo.0 + hi.0) / 2, (lo.1 + hi.1) / 2, (lo.2 + hi.2) / 2)
                for i in stride(from: fanout - 1, through: 0, by: -1) {
                    let child = slots[Int(ref) * fanout + i]
                    if child == -1 { continue }
                    let cl = (i & 1 == 0 ? lo.0 : mid.0, i & 2 == 0 ? lo.1 : mid.1, i & 4 == 0 ? lo.2 : mid.2)
                    let ch = (i & 1 == 0 ? mid.0 : hi.0, i & 2 == 0 ? mid.1 : hi.1, i & 4 == 0 ? mid.2 : hi.2)
                    push(child, Int32(k), cl, ch)
                }
            }
            k += 1
        }
        for cell in stride(from: cells - 1, to: 0, by: -1) {
            let p = Int(parent[cell])
            if end[cell] > end[p] { end[p] = end[cell] }
        }
        cellCount = cells
    }
}
