/// A d3-quadtree (2D) or d3-octree (3D) over a set of points, with the same cell geometry, insertion and child
/// order, laid out in pre-order in flat arrays so a visit is a linear scan that can skip a cell's subtree.
///
/// Cell `k` covers `bounds[k * 2d ..< k * 2d + d]` (lower corner) to the next `d` values (upper corner); its
/// subtree ends before `end[k]`; a leaf has `head[k]`, the newest point of its chain of coincident points, and an
/// internal cell has -1. The children of internal cell `k` are `k + 1`, `end[k + 1]`, ... up to `end[k]`, in
/// d3's child index order.
///
/// d3 inserts point by point, but the tree it ends with does not depend on the insertion order: a cell is internal
/// exactly when it holds two distinct positions, and only a leaf's chain (newest first) records the order. So the
/// tree is built top-down instead: each cell's points, kept in index order, are split by a stable partition on
/// the same midpoint comparisons d3 makes, and cells are written in pre-order as they are made.
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

    /// Points being partitioned, in two generations (a cell's points are read from one and split into the other):
    /// coordinates (`dimensions` per point) and indices.
    private let coordinates = (ScratchBuffer<Double>(), ScratchBuffer<Double>())
    private let indices = (ScratchBuffer<Int32>(), ScratchBuffer<Int32>())
    /// Per point of the cell being split: its child index.
    private let children = ScratchBuffer<UInt8>()

    /// Builds the tree over points 0..<count at (x, y[, z]) as d3's `quadtree(nodes, x, y)` / `octree(...)` does:
    /// the root grows from an integer unit cell to cover the extent, then points are added in index order.
    func build(
        count n: Int, dimensions d: Int,
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) {
        dimensions = d
        let three = d == 3
        next.reserve(n)
        order.reserve(n)
        pointCount = n
        cellCount = 0
        coordinates.0.reserve(n * d)
        coordinates.1.reserve(n * d)
        indices.0.reserve(n)
        indices.1.reserve(n)
        children.reserve(n)

        // The extent, and the points with no NaN coordinate in index order (NaN ones go last in `order`).
        var lo = (Double.infinity, Double.infinity, Double.infinity)
        var hi = (-Double.infinity, -Double.infinity, -Double.infinity)
        let points = coordinates.0.base, ids = indices.0.base
        var kept = 0
        for i in 0..<n {
            let px = x[i], py = y[i], pz = three ? z![i] : 0
            if px.isNaN || py.isNaN || pz.isNaN { continue }
            if px < lo.0 { lo.0 = px }
            if px > hi.0 { hi.0 = px }
            if py < lo.1 { lo.1 = py }
            if py > hi.1 { hi.1 = py }
            if pz < lo.2 { lo.2 = pz }
            if pz > hi.2 { hi.2 = pz }
            points[kept * d] = px
            points[kept * d + 1] = py
            if three { points[kept * d + 2] = pz }
            ids[kept] = Int32(i)
            kept += 1
        }
        if kept < n {
            var slot = kept
            for i in 0..<n where x[i].isNaN || y[i].isNaN || (three && z![i].isNaN) {
                order.base[slot] = Int32(i)
                slot += 1
            }
        }
        if kept == 0 { return }

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

        var placed = 0
        split(from: 0, to: kept, generation: 0, lower: b0, upper: b1, placed: &placed)
    }

    /// Makes the cell holding points `from..<to` of `generation` (index order) within `lower`..`upper`, then its
    /// subtree: a leaf when all its points coincide, else an internal cell whose points are partitioned into the
    /// other generation by child index and split in turn.
    private func split(
        from a: Int, to b: Int, generation: Int, lower: (Double, Double, Double), upper: (Double, Double, Double),
        placed: inout Int
    ) {
        let d = dimensions, three = d == 3
        let k = cellCount
        cellCount += 1
        end.reserve(k + 1, preserving: k)
        head.reserve(k + 1, preserving: k)
        bounds.reserve((k + 1) * 2 * d, preserving: k * 2 * d)
        let box = bounds.base + k * 2 * d
        box[0] = lower.0
        box[1] = lower.1
        if three { box[2] = lower.2 }
        box[d] = upper.0
        box[d + 1] = upper.1
        if three { box[5] = upper.2 }

        let source = generation == 0 ? coordinates.0.base : coordinates.1.base
        let sourceIDs = generation == 0 ? indices.0.base : indices.1.base
        var coincident = true
        let first = source + a * d
        for j in a + 1 ..< max(a + 1, b) {
            let p = source + j * d
            if p[0] != first[0] || p[1] != first[1] || (three && p[2] != first[2]) {
                coincident = false
                break
            }
        }
        if coincident {
            // A leaf: the chain runs from the newest (highest) index down.
            let next = self.next.base, order = self.order.base
            var older: Int32 = -1
            for j in a..<b {
                let p = sourceIDs[j]
                next[Int(p)] = older
                older = p
            }
            head.base[k] = older
            for j in stride(from: b - 1, through: a, by: -1) {
                order[placed] = sourceIDs[j]
                placed += 1
            }
            end.base[k] = Int32(k + 1)
            return
        }

        head.base[k] = -1
        let mid = ((lower.0 + upper.0) / 2, (lower.1 + upper.1) / 2, (lower.2 + upper.2) / 2)
        let fanout = three ? 8 : 4
        var counts = (0, 0, 0, 0, 0, 0, 0, 0)
        let child = children.base
        withUnsafeMutableBytes(of: &counts) { raw in
            let count = raw.baseAddress!.assumingMemoryBound(to: Int.self)
            for j in a..<b {
                let p = source + j * d
                var i = p[0] >= mid.0 ? 1 : 0
                if p[1] >= mid.1 { i |= 2 }
                if three && p[2] >= mid.2 { i |= 4 }
                child[j] = UInt8(i)
                count[i] += 1
            }
            var offset = a
            for i in 0..<fanout {
                let c = count[i]
                count[i] = offset
                offset += c
            }
            let target = generation == 0 ? coordinates.1.base : coordinates.0.base
            let targetIDs = generation == 0 ? indices.1.base : indices.0.base
            for j in a..<b {
                let i = Int(child[j])
                let t = count[i]
                count[i] = t + 1
                let p = source + j * d, q = target + t * d
                q[0] = p[0]
                q[1] = p[1]
                if three { q[2] = p[2] }
                targetIDs[t] = sourceIDs[j]
            }
        }
        // counts[i] is now the end of child i's points.
        var start = a
        for i in 0..<fanout {
            let stop = withUnsafeBytes(of: counts) { $0.load(fromByteOffset: i * MemoryLayout<Int>.stride, as: Int.self) }
            if stop > start {
                let cl = (i & 1 == 0 ? lower.0 : mid.0, i & 2 == 0 ? lower.1 : mid.1, i & 4 == 0 ? lower.2 : mid.2)
                let ch = (i & 1 == 0 ? mid.0 : upper.0, i & 2 == 0 ? mid.1 : upper.1, i & 4 == 0 ? mid.2 : upper.2)
                split(from: start, to: stop, generation: 1 - generation, lower: cl, upper: ch, placed: &placed)
            }
            start = stop
        }
        end.base[k] = Int32(cellCount)
    }
}
