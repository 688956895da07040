import ProcessorSupport

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
/// tree is built from the points as a whole. A 2D tree comes from its points sorted on their cells
/// (`SortedQuadtreeBuilder`). Otherwise (3D, or when that build declines) it is built top-down: each cell's points,
/// kept in index order, are split by a stable partition on the same midpoint comparisons d3 makes; the cells
/// holding many points are split first, and the subtrees below them are built independently (in parallel when
/// allowed) and then copied into place in pre-order.
///
/// Indices of points and cells are Int32 throughout, so index arithmetic on them cannot overflow an Int: the hot
/// loops use wrapping operators (`&+`, `&*`, `Int32(truncatingIfNeeded:)`), which compile without overflow checks.
final class SpatialTree {
    /// Dimensions of the last build, 2 or 3.
    private(set) var dimensions = 2
    /// Number of cells of the last build.
    private(set) var cellCount = 0
    /// Number of points entered in `order` of the last build (all of them, skipped ones last).
    private(set) var pointCount = 0
    /// Number of points in the tree of the last build: those whose coordinates are all within reach.
    private(set) var keptCount = 0
    /// Per cell: the index one past its subtree.
    let end = ScratchBuffer<Int32>()
    /// Per cell: the head point of a leaf's chain, or -1 for an internal cell.
    let head = ScratchBuffer<Int32>()
    /// Per cell, and one past the last: the position in `order` of the cell's first point, so a leaf's chain is
    /// `order[first[k] ..< first[k + 1]]`.
    let first = ScratchBuffer<Int32>()
    /// Per cell: lower corner then upper corner, 2 * dimensions values.
    let bounds = ScratchBuffer<Double>()
    /// Per point in the tree: the next (older) point of its coincident chain, or -1.
    let next = ScratchBuffer<Int32>()
    /// Every point once: the tree's points leaf by leaf in pre-order (chains newest first), then those left out
    /// because a coordinate is out of reach (see `withinReach`).
    let order = ScratchBuffer<Int32>()
    /// The cells of each independently built subtree (whole subtrees, in pre-order); every other cell is in `top`.
    private(set) var subtrees: [Range<Int>] = []
    /// The cells above the subtrees (internal cells), in pre-order.
    private(set) var top: [Int] = []

    /// Points being partitioned, in two generations (a cell's points are read from one and split into the other):
    /// coordinates (`dimensions` per point) and indices; and per point of a cell being split, its child index.
    private let coordinates = (ScratchBuffer<Double>(), ScratchBuffer<Double>())
    private let indices = (ScratchBuffer<Int32>(), ScratchBuffer<Int32>())
    private let children = ScratchBuffer<UInt8>()
    /// Output of each subtree build, reused across builds.
    private var parts: [Part] = []
    /// The 2D build by sorting, tried first.
    private let sortedBuilder = SortedQuadtreeBuilder()
    /// Whether 2D builds try `sortedBuilder` first (tests turn it off to compare it with the partition build).
    var usesSortedBuild = true

    /// A step of the top of the tree in pre-order: an internal cell opens (with its bounds) or closes, or the
    /// subtree of a task goes here.
    private enum Step {
        case open(first: Int, lower: (Double, Double, Double), upper: (Double, Double, Double))
        case close
        case subtree(Int)
    }

    /// A subtree to build: its points, their generation and its cell's bounds.
    private struct Task {
        var from: Int, to: Int, generation: Int
        var lower: (Double, Double, Double), upper: (Double, Double, Double)
    }

    /// Whether a coordinate can be in a tree: finite, and within ±2^1020, so that the root stays within ±2^1023 and
    /// the sum of two of its cells' corners (twice a midpoint) is finite.
    static func withinReach(_ v: Double) -> Bool {
        abs(v) <= 0x1p1020
    }

    /// Builds the tree over points 0..<count at (x, y[, z]) as d3's `quadtree(nodes, x, y)` / `octree(...)` does:
    /// the root grows from an integer unit cell to cover the extent, then points are added in index order.
    /// Up to `threads` threads build subtrees; the result does not depend on it.
    func build(
        count n: Int, dimensions d: Int,
        x: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?, threads: Int = 1
    ) {
        dimensions = d
        let three = d == 3
        next.reserve(n)
        order.reserve(n)
        pointCount = n
        cellCount = 0
        subtrees.removeAll(keepingCapacity: true)
        top.removeAll(keepingCapacity: true)
        coordinates.0.reserve(n * d)
        indices.0.reserve(n)

        // The extent, and the points within reach in index order (the others go last in `order`). d3 skips NaN
        // coordinates too; around an infinite one its root would grow for ever, and beyond ±2^1020 a cell's
        // midpoint could overflow, so that points would never be told apart.
        var lo = (Double.infinity, Double.infinity, Double.infinity)
        var hi = (-Double.infinity, -Double.infinity, -Double.infinity)
        let points = coordinates.0.base, ids = indices.0.base
        var kept = 0
        for i in 0..<n {
            let px = x[i], py = y[i], pz = three ? z![i] : 0
            if !SpatialTree.withinReach(px) || !SpatialTree.withinReach(py) || !SpatialTree.withinReach(pz) { continue }
            if px < lo.0 { lo.0 = px }
            if px > hi.0 { hi.0 = px }
            if py < lo.1 { lo.1 = py }
            if py > hi.1 { hi.1 = py }
            if pz < lo.2 { lo.2 = pz }
            if pz > hi.2 { hi.2 = pz }
            // Wrapping operations: kept < n, and node indices fit in Int32 throughout the tree.
            let p = points + kept &* d
            p[0] = px
            p[1] = py
            if three { p[2] = pz }
            ids[kept] = Int32(truncatingIfNeeded: i)
            kept &+= 1
        }
        if kept < n {
            var slot = kept
            for i in 0..<n
            where !SpatialTree.withinReach(x[i]) || !SpatialTree.withinReach(y[i])
                || (three && !SpatialTree.withinReach(z![i]))
            {
                order.base[slot] = Int32(i)
                slot += 1
            }
        }
        keptCount = kept
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

        if !three && usesSortedBuild, let cells = sortedBuilder.build(
            count: kept, points: coordinates.0.base, indices: indices.0.base, x: x, y: y, lower: (b0.0, b0.1),
            size: size, threads: threads,
            into: .init(end: end, head: head, first: first, bounds: bounds, next: next.base, order: order.base, nodes: n))
        {
            cellCount = cells
            markSubtrees(largest: threads > 1 ? max(2048, kept / (4 * threads)) : .max)
            return
        }

        // The partition build's second generation of points, and their child indices.
        coordinates.1.reserve(kept * d)
        indices.1.reserve(kept)
        children.reserve(kept)
        let store = Points(
            dimensions: d, coordinates: (coordinates.0.base, coordinates.1.base), indices: (indices.0.base, indices.1.base),
            children: children.base, next: next.base, order: order.base)
        var steps: [Step] = []
        var tasks: [Task] = []
        let largest = threads > 1 ? max(2048, kept / (8 * threads)) : kept
        plan(Task(from: 0, to: kept, generation: 0, lower: b0, upper: b1), largest, store, &steps, &tasks)

        while parts.count < tasks.count { parts.append(Part()) }
        let parts = self.parts, planned = tasks
        forEachClaimedItem(planned.count, threads: threads) { i, _ in parts[i].build(planned[i], store) }
        assemble(steps, kept: kept)
    }

    /// Records the largest subtrees of at most `largest` cells (and leaves) for the sums, and the cells above them.
    private func markSubtrees(largest: Int) {
        let end = self.end.base, head = self.head.base
        var c = 0
        while c < cellCount {
            let stop = Int(end[c])
            if head[c] >= 0 || stop - c <= largest {
                subtrees.append(c..<stop)
                c = stop
            } else {
                top.append(c)
                c += 1
            }
        }
    }

    /// Splits the cells of `task` holding more than `largest` points (recording them as steps), and records the
    /// cells below as tasks.
    private func plan(_ task: Task, _ largest: Int, _ store: Points, _ steps: inout [Step], _ tasks: inout [Task]) {
        if task.to - task.from <= largest || store.coincident(task.from, task.to, task.generation) {
            steps.append(.subtree(tasks.count))
            tasks.append(task)
            return
        }
        steps.append(.open(first: task.from, lower: task.lower, upper: task.upper))
        store.partition(task.from, task.to, task.generation, task.lower, task.upper) { child in
            plan(child, largest, store, &steps, &tasks)
        }
        steps.append(.close)
    }

    /// Writes the cells of the top and of the subtrees in pre-order.
    private func assemble(_ steps: [Step], kept: Int) {
        let d = dimensions
        var total = 0
        for step in steps {
            switch step {
            case .open: total += 1
            case .close: break
            case .subtree(let i): total += parts[i].count
            }
        }
        end.reserve(total)
        head.reserve(total)
        first.reserve(total + 1)
        bounds.reserve(total * 2 * d)
        let end = self.end.base, head = self.head.base, first = self.first.base, bounds = self.bounds.base
        var open: [Int] = []
        var k = 0
        for step in steps {
            switch step {
            case .open(let from, let lower, let upper):
                head[k] = -1
                first[k] = Int32(truncatingIfNeeded: from)
                Points.write(bounds + k &* 2 &* d, d, lower, upper)
                top.append(k)
                open.append(k)
                k += 1
            case .close:
                end[open.removeLast()] = Int32(truncatingIfNeeded: k)
            case .subtree(let i):
                let part = parts[i]
                let offset = Int32(truncatingIfNeeded: k)
                for c in 0..<part.count { end[k &+ c] = part.end.base[c] &+ offset }
                (head + k).update(from: part.head.base, count: part.count)
                (first + k).update(from: part.first.base, count: part.count)
                (bounds + k * 2 * d).update(from: part.bounds.base, count: part.count * 2 * d)
                subtrees.append(k..<k + part.count)
                k += part.count
            }
        }
        first[k] = Int32(kept)
        cellCount = k
    }

    /// The buffers a build works in, shared by the threads building disjoint ranges of points.
    private struct Points: @unchecked Sendable {
        let dimensions: Int
        let coordinates: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>)
        let indices: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>)
        let children: UnsafeMutablePointer<UInt8>
        let next: UnsafeMutablePointer<Int32>
        let order: UnsafeMutablePointer<Int32>

        /// Writes a cell's corners.
        static func write(
            _ box: UnsafeMutablePointer<Double>, _ d: Int, _ lower: (Double, Double, Double),
            _ upper: (Double, Double, Double)
        ) {
            box[0] = lower.0
            box[1] = lower.1
            box[d] = upper.0
            box[d + 1] = upper.1
            if d == 3 {
                box[2] = lower.2
                box[5] = upper.2
            }
        }

        /// Whether points `a..<b` of `generation` all share one position (d3's `===` on every coordinate).
        func coincident(_ a: Int, _ b: Int, _ generation: Int) -> Bool {
            let d = dimensions
            let source = generation == 0 ? coordinates.0 : coordinates.1
            let first = source + a * d
            for j in a &+ 1 ..< max(a &+ 1, b) {
                let p = source + j &* d
                if p[0] != first[0] || p[1] != first[1] || (d == 3 && p[2] != first[2]) { return false }
            }
            return true
        }

        /// Makes points `a..<b` (in index order) a leaf's chain: the newest (highest) index first in `next`,
        /// and in `order` from position `a`; returns the head.
        func chain(_ a: Int, _ b: Int, _ generation: Int) -> Int32 {
            let ids = generation == 0 ? indices.0 : indices.1
            var older: Int32 = -1
            for j in a..<b {
                let p = ids[j]
                next[Int(p)] = older
                order[a &+ b &- 1 &- j] = p
                older = p
            }
            return older
        }

        /// d3's child index of the point at `p` in a cell with midpoint `mid` (x >= midpoint: 1, y: 2, z: 4).
        @inline(__always)
        func childIndex(_ p: UnsafeMutablePointer<Double>, _ mid: (Double, Double, Double)) -> Int {
            var i = p[0] >= mid.0 ? 1 : 0
            if p[1] >= mid.1 { i |= 2 }
            if dimensions == 3 && p[2] >= mid.2 { i |= 4 }
            return i
        }

        /// The midpoint of a cell from `lower` to `upper`, as d3 computes it.
        @inline(__always)
        static func midpoint(
            _ lower: (Double, Double, Double), _ upper: (Double, Double, Double)
        ) -> (Double, Double, Double) {
            ((lower.0 + upper.0) / 2, (lower.1 + upper.1) / 2, (lower.2 + upper.2) / 2)
        }

        /// The corners of child `i` of a cell from `lower` to `upper` with midpoint `mid`.
        @inline(__always)
        static func child(
            _ i: Int, _ lower: (Double, Double, Double), _ mid: (Double, Double, Double),
            _ upper: (Double, Double, Double)
        ) -> (lower: (Double, Double, Double), upper: (Double, Double, Double)) {
            (
                (i & 1 == 0 ? lower.0 : mid.0, i & 2 == 0 ? lower.1 : mid.1, i & 4 == 0 ? lower.2 : mid.2),
                (i & 1 == 0 ? mid.0 : upper.0, i & 2 == 0 ? mid.1 : upper.1, i & 4 == 0 ? mid.2 : upper.2)
            )
        }

        /// Stably partitions points `a..<b` of `generation` into the other generation by d3's child index
        /// (x >= midpoint: 1, y: 2, z: 4), then calls `body` for each non-empty child in index order.
        func partition(
            _ a: Int, _ b: Int, _ generation: Int, _ lower: (Double, Double, Double),
            _ upper: (Double, Double, Double), _ body: (Task) -> Void
        ) {
            let d = dimensions, three = d == 3
            let source = generation == 0 ? coordinates.0 : coordinates.1
            let sourceIDs = generation == 0 ? indices.0 : indices.1
            let target = generation == 0 ? coordinates.1 : coordinates.0
            let targetIDs = generation == 0 ? indices.1 : indices.0
            let mid = Points.midpoint(lower, upper)
            var counts: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &counts) { raw in
                let count = raw.baseAddress!.assumingMemoryBound(to: Int.self)
                for j in a..<b {
                    let i = childIndex(source + j &* d, mid)
                    children[j] = UInt8(i)
                    count[i] &+= 1
                }
                var offset = a
                for i in 0..<(three ? 8 : 4) {
                    let c = count[i]
                    count[i] = offset
                    offset &+= c
                }
                for j in a..<b {
                    let i = Int(children[j])
                    let t = count[i]
                    count[i] = t &+ 1
                    let p = source + j &* d, q = target + t &* d
                    q[0] = p[0]
                    q[1] = p[1]
                    if three { q[2] = p[2] }
                    targetIDs[t] = sourceIDs[j]
                }
                // count[i] is now the end of child i's points.
                var start = a
                for i in 0..<(three ? 8 : 4) {
                    let stop = count[i]
                    if stop > start {
                        let box = Points.child(i, lower, mid, upper)
                        let generation = 1 &- generation
                        body(Task(from: start, to: stop, generation: generation, lower: box.lower, upper: box.upper))
                    }
                    start = stop
                }
            }
        }
    }

    /// The cells of one subtree, in pre-order with subtree ends relative to its root.
    private final class Part: @unchecked Sendable {
        let end = ScratchBuffer<Int32>()
        let head = ScratchBuffer<Int32>()
        let first = ScratchBuffer<Int32>()
        let bounds = ScratchBuffer<Double>()
        var count = 0

        /// Builds the subtree of `task`.
        func build(_ task: Task, _ store: Points) {
            count = 0
            split(task, store)
        }

        /// Makes the cell of `task`, then its subtree: a leaf when its points coincide, else an internal cell
        /// whose points are partitioned and split in turn.
        private func split(_ task: Task, _ store: Points) {
            let k = cell(task.from, task.lower, task.upper, store.dimensions)
            if task.to &- task.from == 1 || store.coincident(task.from, task.to, task.generation) {
                head.base[k] = store.chain(task.from, task.to, task.generation)
                end.base[k] = Int32(truncatingIfNeeded: k &+ 1)
                return
            }
            head.base[k] = -1
            if task.to &- task.from == 2 {
                splitTwo(task, store, k)
                return
            }
            store.partition(task.from, task.to, task.generation, task.lower, task.upper) { child in
                split(child, store)
            }
            end.base[k] = Int32(truncatingIfNeeded: count)
        }

        /// Appends a cell from `lower` to `upper` whose first point is at `from` in `order` (its head and end are
        /// left to the caller) and returns its index.
        @inline(__always)
        private func cell(
            _ from: Int, _ lower: (Double, Double, Double), _ upper: (Double, Double, Double), _ d: Int
        ) -> Int {
            let k = count
            count &+= 1
            if k >= end.capacity || (k &+ 1) &* 2 &* d > bounds.capacity {
                end.reserve(k + 1, preserving: k)
                head.reserve(k + 1, preserving: k)
                first.reserve(k + 1, preserving: k)
                bounds.reserve((k + 1) * 2 * d, preserving: k * 2 * d)
            }
            first.base[k] = Int32(truncatingIfNeeded: from)
            Points.write(bounds.base + k &* 2 &* d, d, lower, upper)
            return k
        }

        /// `split` below internal cell `k` of `task` holding two distinct points, without partitioning them: the
        /// cells they share down to where their child indices differ, then a leaf for each in child index order.
        private func splitTwo(_ task: Task, _ store: Points, _ k: Int) {
            let d = store.dimensions
            let source = task.generation == 0 ? store.coordinates.0 : store.coordinates.1
            let ids = task.generation == 0 ? store.indices.0 : store.indices.1
            let p = source + task.from * d, q = p + d
            var (lower, upper) = (task.lower, task.upper)
            while true {
                let mid = Points.midpoint(lower, upper)
                let i = store.childIndex(p, mid), j = store.childIndex(q, mid)
                if i == j {
                    (lower, upper) = Points.child(i, lower, mid, upper)
                    let shared = cell(task.from, lower, upper, d)
                    head.base[shared] = -1
                    continue
                }
                // The point of the lower child index goes first, as the stable partition would put it.
                for rank in 0..<2 {
                    let point = (rank == 0) == (i < j) ? 0 : 1
                    let box = Points.child(point == 0 ? i : j, lower, mid, upper)
                    let leaf = cell(task.from &+ rank, box.lower, box.upper, d)
                    let id = ids[task.from &+ point]
                    store.next[Int(id)] = -1
                    store.order[task.from &+ rank] = id
                    head.base[leaf] = id
                    end.base[leaf] = Int32(truncatingIfNeeded: leaf &+ 1)
                }
                break
            }
            for c in k..<count &- 2 { end.base[c] = Int32(truncatingIfNeeded: count) }
        }
    }
}
