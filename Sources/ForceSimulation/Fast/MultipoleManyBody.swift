import ProcessorSupport

/// Fast mode's many-body sums in 2D by a fast multipole method: the force on a node at z from a node of strength s
/// at w is s (w − z) / |w − z|² = s / conj(w − z), so a node's sum is the conjugate of Σ s / (w − z), the Cauchy
/// kernel of the classic 2D method (`ComplexExpansions`).
///
/// The cells are `MortonCells`' quadtree over the nodes, down to cells of at most `leafSize` points (leaves), each
/// with the bounding box of its points, its centre and radius (half the box's diagonal). Multipole expansions are
/// summed bottom-up. Then a dual-tree walk, one target cell at a time from the root: a source cell goes into the
/// target's local expansion when (r_target + r_source) < opening × the distance of their centres and every pair is
/// at least distanceMin apart; otherwise the larger of the two is split, and two leaves that are not separated add
/// their points directly, with d3's distanceMin rule. A node takes nothing from a point at its own position. Each
/// target's sums are made in one fixed order by one thread (the threads share out subtrees, each walked with the
/// same source list whichever thread takes it), so results do not depend on the threads. The sums are made ahead
/// (`arrange`, `compute`, from positions and strengths alone) and added to the velocities later (`add`).
final class MultipoleManyBody {
    /// Most points per leaf.
    static let leafSize = 48
    /// The widest opening: a source cell goes into a target's local expansion when the sum of their radii is below
    /// the opening times the distance of their centres. The force's theta is the opening up to this (d3's default
    /// 0.9, where the error is about a twelfth of exact mode's); above it the translations' series, which converge
    /// only below 1, would lose the accuracy fast mode promises, so a larger theta reads as this.
    static let widestOpening = 0.9
    /// Two separated leaves add their points directly (cheaper than a translation) when the product of their point
    /// counts is at most this.
    static let directPairs = 96
    /// A source cell goes into a local expansion only when the cube of the squared distance R² of the centres is at
    /// least this times max(1, the point count times the largest strength's magnitude): the translation's powers
    /// 1/Rᵏ, k ≤ 6, and the local coefficients, at most a few thousand times the strengths' sum over R⁶, then stay
    /// within Double's range. Closer cells (distanceMin 0 and points some 1e-50 apart) are split, down to direct sums.
    static let separationFloor = 0x1p-1000

    /// A cell: the bounding box of its points, its centre and radius, its points (positions `from ..< from + count`
    /// in key order), its children (`firstChild ..< firstChild + childCount`, none for a leaf) and parent (-1 at the root).
    struct Cell {
        var lower = SIMD2<Double>(), upper = SIMD2<Double>(), centre = SIMD2<Double>()
        var radius = 0.0
        var from: Int32 = 0, count: Int32 = 0
        var firstChild: Int32 = 0, childCount: Int32 = 0
        var parent: Int32 = -1
    }

    private let cells = ScratchBuffer<Cell>()
    /// The leaves.
    private let leaves = ScratchBuffer<Int32>()
    /// The nodes in key order and the cells' point ranges.
    private let arrangement = MortonCells()
    /// Per node, by index: x, y and strength, packed so that gathering a leaf's points reads one place per point
    /// (the node arrays are read in index order here, and in key order only from this).
    private let packed = ScratchBuffer<SIMD4<Double>>()
    /// The points in key order: coordinates and strengths.
    private let pointX = ScratchBuffer<Double>(), pointY = ScratchBuffer<Double>(), pointS = ScratchBuffer<Double>()
    /// Per cell, `ComplexExpansions.order` coefficients each.
    private let multipoles = ScratchBuffer<SIMD2<Double>>()
    private let locals = ScratchBuffer<SIMD2<Double>>()
    /// Per point in key order, its sum (all x, then all y), until `add`.
    private let sums = ScratchBuffer<Double>()
    /// Subtrees left to walk in parallel: their cell and the range of their source list in `taskSources`.
    private let tasks = ScratchBuffer<SIMD3<Int32>>()
    private let taskSources = ScratchBuffer<Int32>()
    private var workers: [Walker] = []
    private let expansions = ComplexExpansions()

    deinit { expansions.release() }

    /// What the sums read.
    struct Input {
        /// The nodes: their number, strengths and positions.
        let count: Int
        let strengths: UnsafePointer<Double>
        let x: UnsafePointer<Double>, y: UnsafePointer<Double>
        let distanceMin2: Double
        /// The largest and the smallest non-zero magnitude of the strengths.
        let largestStrength: Double, smallestStrength: Double
        /// The force's theta², the square of the opening up to `widestOpening`.
        let theta2: Double
    }

    /// Whether the method can compute the sums faithfully given the force's parameters: no distanceMax and finite
    /// strengths (and `arrange` must succeed; otherwise fast mode uses `GroupedManyBody`).
    static func applies(distanceMax2: Double, largestStrength: Double) -> Bool {
        distanceMax2 == .infinity && largestStrength.isFinite
    }

    /// The widest square of nodes the sums take: wider, the expansions' powers could leave Double's range.
    static let widest = 1e20

    /// Sorts the `count` nodes at (x, y) into cells for `compute`; false when no node is within reach or they spread
    /// wider than `widest`.
    func arrange(count: Int, x: UnsafePointer<Double>, y: UnsafePointer<Double>) -> Bool {
        guard arrangement.sort(count: count, x: x, y: y, widest: Self.widest) else { return false }
        (cellCount, leafCount) = arrangement.cells(into: cells, leaves: leaves, leafSize: Self.leafSize, x: x, y: y)
        return true
    }

    /// A leaf sums its near points in Float when they all lie within this many distanceMins of its centre (Float's
    /// 24 bits then place them to within 1/1000 of distanceMin) and the strengths span at most `floatStrengthSpan`;
    /// in Double otherwise.
    static let floatReach = 16384.0
    /// The largest ratio of the largest to the smallest non-zero strength for Float sums (scaled by the largest,
    /// none then leaves Float's range).
    static let floatStrengthSpan = 0x1p100

    /// Computes every kept node's charge sum on up to `threads` threads, for `add`; `arrange` must have succeeded on
    /// the same positions.
    func compute(_ input: Input, threads: Int) {
        let points = arrangement.keptCount
        pointX.reserve(points)
        pointY.reserve(points)
        pointS.reserve(points)
        sums.reserve(2 * points)
        let p = ComplexExpansions.order
        multipoles.reserve(cellCount * p)
        locals.reserve(cellCount * p)
        while workers.count < max(1, threads) { workers.append(Walker()) }
        packed.reserve(input.count)
        let packing = Packing(input: input, nodes: packed.base), nodeChunk = 4096
        forEachClaimedItem((input.count + nodeChunk - 1) / nodeChunk, threads: threads) { c, _ in
            for i in (c * nodeChunk)..<min(packing.input.count, c * nodeChunk + nodeChunk) {
                packing.nodes[i] = SIMD4(packing.input.x[i], packing.input.y[i], packing.input.strengths[i], 0)
            }
        }
        let largest = input.largestStrength
        let strengthExponent = largest.isNormal ? largest.exponent : 0
        let context = Context(
            cells: cells.base, leaves: leaves.base, order: arrangement.order.base, nodes: packed.base,
            px: pointX.base, py: pointY.base, ps: pointS.base,
            multipoles: multipoles.base, locals: locals.base, sumX: sums.base, sumY: sums.base + points,
            distanceMin2: input.distanceMin2, distanceMin: input.distanceMin2.squareRoot(), expansions: expansions,
            strengthExponent: strengthExponent,
            strengthsInFloat: largest <= input.smallestStrength * Self.floatStrengthSpan,
            separationFloor: Self.separationFloor * max(1, Double(points) * largest),
            opening2: min(input.theta2, Self.widestOpening * Self.widestOpening))
        // Leaves: boxes and multipoles, in parallel over fixed chunks; then the cells above, children first.
        let chunk = 64, leaves = leafCount
        let chunks = (leaves + chunk - 1) / chunk
        forEachClaimedItem(chunks, threads: threads) { c, _ in
            for i in (c * chunk)..<min(leaves, c * chunk + chunk) { context.leaf(Int(context.leaves[i])) }
        }
        let scratch = workers[0].scratch.base
        for c in stride(from: cellCount - 1, through: 0, by: -1) where cells.base[c].childCount > 0 {
            context.gather(c, scratch: scratch)
        }
        // The walk: the top of the tree by one thread, which leaves subtrees of at most `taskPoints` points as
        // tasks; then the tasks in parallel.
        let taskPoints = max(Self.leafSize, points / (16 * max(1, threads)))
        tasks.reserve(cellCount)
        taskCount = 0
        taskSources.reserve(16)
        taskSourceCount = 0
        let top = workers[0]
        top.reset()
        top.push(0)
        context.walk(0, sources: 0..<1, walker: top) { cell, list in
            guard cell.count <= taskPoints else { return false }
            self.addTask(list, walker: top)
            return true
        }
        let planned = Planned(tasks: tasks.base, sources: taskSources.base), walkers = workers
        forEachClaimedItem(taskCount, threads: threads) { t, worker in
            let task = planned.tasks[t], walker = walkers[worker]
            walker.reset()
            for s in Int(task.y)..<Int(task.z) { walker.push(planned.sources[s]) }
            context.walk(Int(task.x), sources: 0..<walker.count, walker: walker) { _, _ in false }
        }
    }

    private var cellCount = 0, leafCount = 0, taskCount = 0, taskSourceCount = 0

    /// Adds the sums `compute` made, times alpha, to the nodes' velocities, on up to `threads` threads (each node is
    /// in the key order once, so chunks of it touch distinct nodes).
    func add(alpha: Double, vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>, threads: Int) {
        let points = arrangement.keptCount
        let target = Velocities(
            order: arrangement.order.base, sumX: sums.base, sumY: sums.base + points, vx: vx, vy: vy)
        let chunk = 4096
        forEachClaimedItem((points + chunk - 1) / chunk, threads: threads) { c, _ in
            for s in (c * chunk)..<min(points, c * chunk + chunk) {
                let node = Int(target.order[s])
                target.vx[node] += target.sumX[s] * alpha
                target.vy[node] += target.sumY[s] * alpha
            }
        }
    }

    /// What the packing of the nodes reads and writes, for its threads.
    private struct Packing: @unchecked Sendable {
        let input: Input
        let nodes: UnsafeMutablePointer<SIMD4<Double>>
    }

    /// What `add` reads and writes, for its threads.
    private struct Velocities: @unchecked Sendable {
        let order: UnsafePointer<Int32>
        let sumX: UnsafePointer<Double>, sumY: UnsafePointer<Double>
        let vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>
    }

    /// The tasks the walk's top left, for the workers to read.
    private struct Planned: @unchecked Sendable {
        let tasks: UnsafeMutablePointer<SIMD3<Int32>>
        let sources: UnsafeMutablePointer<Int32>
    }

    /// Records a task: the cell the walk reached and the source list it was handed (`list` in `walker`).
    private func addTask(_ list: SIMD3<Int32>, walker: Walker) {
        let length = Int(list.z - list.y)
        taskSources.reserve(taskSourceCount + length, preserving: taskSourceCount)
        for i in 0..<length { taskSources.base[taskSourceCount + i] = walker.list.base[Int(list.y) + i] }
        tasks.base[taskCount] = SIMD3(list.x, Int32(taskSourceCount), Int32(taskSourceCount + length))
        taskCount += 1
        taskSourceCount += length
    }

    /// A worker's lists: the source lists of the cells on the walk's path, one after the other, and the cells
    /// waiting to be classified; and scratch for the translations.
    final class Walker: @unchecked Sendable {
        let list = ScratchBuffer<Int32>()
        var count = 0
        let pending = ScratchBuffer<Int32>()
        let scratch = ScratchBuffer<SIMD2<Double>>()
        /// The direct sums' working arrays, in each precision.
        let floatSums = NearFieldBuffers<Float>(), doubleSums = NearFieldBuffers<Double>()

        init() { scratch.reserve(ComplexExpansions.scratchCount) }

        /// Empties the lists.
        func reset() { count = 0 }

        /// Appends a source to the list on top.
        @inline(__always)
        func push(_ cell: Int32) {
            if count == list.capacity { list.reserve(count + 1, preserving: count) }
            list.base[count] = cell
            count &+= 1
        }
    }

    /// Everything the passes read and write.
    struct Context: @unchecked Sendable {
        let cells: UnsafeMutablePointer<Cell>
        let leaves: UnsafeMutablePointer<Int32>
        let order: UnsafePointer<Int32>
        /// Per node: x, y and strength (`MultipoleManyBody.packed`).
        let nodes: UnsafePointer<SIMD4<Double>>
        let px: UnsafeMutablePointer<Double>, py: UnsafeMutablePointer<Double>, ps: UnsafeMutablePointer<Double>
        let multipoles: UnsafeMutablePointer<SIMD2<Double>>, locals: UnsafeMutablePointer<SIMD2<Double>>
        /// The sums, in key order.
        let sumX: UnsafeMutablePointer<Double>, sumY: UnsafeMutablePointer<Double>
        let distanceMin2: Double, distanceMin: Double
        let expansions: ComplexExpansions
        /// The exponent of the largest strength's magnitude (the direct sums scale strengths by 2^-exponent).
        let strengthExponent: Int
        /// Whether the strengths' span lets a leaf sum in Float (`MultipoleManyBody.floatStrengthSpan`).
        let strengthsInFloat: Bool
        /// The least (R²)³ of a translation (`MultipoleManyBody.separationFloor`).
        let separationFloor: Double
        /// The square of the opening (`MultipoleManyBody.widestOpening`).
        let opening2: Double

        /// Sets a cell's centre and radius from its box.
        @inline(__always)
        func setGeometry(_ c: Int) {
            let half = (cells[c].upper - cells[c].lower) * 0.5
            cells[c].centre = cells[c].lower + half
            cells[c].radius = (half * half).sum().squareRoot()
        }

        /// A leaf: gathers its points in key order, sets its box and sums its multipole expansion.
        func leaf(_ c: Int) {
            let from = Int(cells[c].from), to = from &+ Int(cells[c].count)
            var lower = SIMD2<Double>(repeating: .infinity), upper = SIMD2<Double>(repeating: -.infinity)
            for s in from..<to {
                let p = Int(order[s])
                let node = nodes[p], point = node.lowHalf
                px[s] = point.x
                py[s] = point.y
                ps[s] = node.z
                lower = pointwiseMin(lower, point)
                upper = pointwiseMax(upper, point)
            }
            cells[c].lower = lower
            cells[c].upper = upper
            setGeometry(c)
            let m = multipoles + c &* ComplexExpansions.order
            m.initialize(repeating: SIMD2(), count: ComplexExpansions.order)
            expansions.addPoints(px + from, py + from, ps + from, to &- from, centre: cells[c].centre, into: m)
        }

        /// An internal cell whose children are done: its box, then its multipole expansion from theirs.
        func gather(_ c: Int, scratch: UnsafeMutablePointer<SIMD2<Double>>) {
            let children = Int(cells[c].firstChild)..<Int(cells[c].firstChild &+ cells[c].childCount)
            var lower = SIMD2<Double>(repeating: .infinity), upper = SIMD2<Double>(repeating: -.infinity)
            for k in children {
                lower = pointwiseMin(lower, cells[k].lower)
                upper = pointwiseMax(upper, cells[k].upper)
            }
            cells[c].lower = lower
            cells[c].upper = upper
            setGeometry(c)
            let p = ComplexExpansions.order
            let m = multipoles + c &* p
            m.initialize(repeating: SIMD2(), count: p)
            for k in children {
                expansions.shiftMultipole(
                    multipoles + k &* p, by: cells[k].centre - cells[c].centre, into: m, scratch: scratch)
            }
        }

        /// Walks target cell `a` with the sources `sources` (a range of `walker.list`): its local expansion from
        /// its parent's and the separated sources, then its leaf's points, or its children with the sources left.
        /// `hand(cell, list)` may take a child's walk elsewhere (returning true); `list` is (child, from, to).
        func walk(
            _ a: Int, sources: Range<Int>, walker: Walker, hand: (Cell, SIMD3<Int32>) -> Bool
        ) {
            let p = ComplexExpansions.order
            let local = locals + a &* p
            let parent = Int(cells[a].parent)
            if parent >= 0 {
                expansions.shiftLocal(locals + parent &* p, by: cells[a].centre - cells[parent].centre, into: local)
            } else {
                local.initialize(repeating: SIMD2(), count: p)
            }
            let target = cells[a]
            let isLeaf = target.childCount == 0
            let kept = walker.count
            var pendingCount = 0
            for s in sources {
                let source = walker.list.base[s]
                walker.pending.reserve(pendingCount + 1, preserving: pendingCount)
                walker.pending.base[pendingCount] = source
                pendingCount += 1
                while pendingCount > 0 {
                    pendingCount -= 1
                    let b = Int(walker.pending.base[pendingCount])
                    let cell = cells[b]
                    let offset = cell.centre - target.centre
                    let d2 = (offset * offset).sum()
                    let reach = target.radius + cell.radius
                    let reachMin = reach + distanceMin
                    let separated = b != a && reach * reach < opening2 * d2
                        && reachMin * reachMin <= d2 && d2 * d2 * d2 >= separationFloor
                    let bIsLeaf = cell.childCount == 0
                    let direct = isLeaf && bIsLeaf
                        && Int(target.count) &* Int(cell.count) <= MultipoleManyBody.directPairs
                    if separated && !direct {
                        expansions.addField(
                            of: multipoles + b &* p, at: offset, into: local, scratch: walker.scratch.base)
                    } else if separated || bIsLeaf || (!isLeaf && target.radius >= cell.radius) {
                        // Near a leaf, a source is marked (as ~b) when some pair may be closer than distanceMin.
                        if isLeaf && !separated {
                            let gap = pointwiseMax(
                                SIMD2<Double>(), pointwiseMax(cell.lower - target.upper, target.lower - cell.upper))
                            let g2 = (gap * gap).sum()
                            walker.push(g2 >= distanceMin2 && g2 > 0 ? Int32(b) : ~Int32(b))
                        } else {
                            walker.push(Int32(b))
                        }
                    } else {
                        let first = Int(cell.firstChild), count = Int(cell.childCount)
                        walker.pending.reserve(pendingCount + count, preserving: pendingCount)
                        for k in stride(from: first &+ count &- 1, through: first, by: -1) {
                            walker.pending.base[pendingCount] = Int32(k)
                            pendingCount += 1
                        }
                    }
                }
            }
            if isLeaf {
                evaluate(a, sources: kept..<walker.count, walker: walker)
            } else {
                for child in Int(target.firstChild)..<Int(target.firstChild &+ target.childCount) {
                    if !hand(cells[child], SIMD3(Int32(child), Int32(kept), Int32(walker.count))) {
                        walk(child, sources: kept..<walker.count, walker: walker, hand: hand)
                    }
                }
            }
            walker.count = kept
        }

        /// Adds to each node of leaf `a` its local expansion's field and the direct sums from the listed leaves:
        /// in Float when the neighbourhood is small enough against distanceMin (`MultipoleManyBody.floatReach`),
        /// in Double otherwise, lengths scaled by a power of two near one over the neighbourhood's reach.
        func evaluate(_ a: Int, sources: Range<Int>, walker: Walker) {
            let target = cells[a], list = walker.list.base
            var total = 0
            var reach = pointwiseMax(target.upper - target.centre, target.centre - target.lower).max()
            for s in sources {
                let b = cells[Int(list[s] < 0 ? ~list[s] : list[s])]
                total &+= Int(b.count)
                reach = max(reach, pointwiseMax(b.upper - target.centre, target.centre - b.lower).max())
            }
            if strengthsInFloat && distanceMin > 0 && reach <= MultipoleManyBody.floatReach * distanceMin {
                sumNear(walker.floatSums, a, sources: sources, list: list, total: total, reach: reach)
            } else {
                sumNear(walker.doubleSums, a, sources: sources, list: list, total: total, reach: reach)
            }
        }

        /// `evaluate` in one precision: gathers the listed leaves' points and the leaf's nodes into `buffers`,
        /// relative to the leaf's centre and scaled, the leaves that may be closer than distanceMin last (in
        /// Double, all of them: there distanceMin may be 0, so no pair is sure to be apart), sums them, and adds the
        /// sums, scaled back, and the local expansion's field to the nodes' velocities.
        @inline(__always)
        func sumNear<Scalar: BinaryFloatingPoint & SIMDScalar>(
            _ buffers: NearFieldBuffers<Scalar>, _ a: Int, sources: Range<Int>, list: UnsafePointer<Int32>,
            total: Int, reach: Double
        ) {
            let float = Scalar.self == Float.self
            let target = cells[a], centre = target.centre
            let e = reach.isNormal ? reach.exponent : 0
            let length = Double(sign: .plus, exponent: -e, significand: 1)
            let strength = Double(sign: .plus, exponent: -strengthExponent, significand: 1)
            let force = Double(sign: .plus, exponent: strengthExponent &- e, significand: 1)
            let from = Int(target.from), count = Int(target.count)
            let lanes = NearFieldSums<Scalar>.lanes
            let padded = (count &+ lanes &- 1) / lanes &* lanes
            buffers.reserve(sources: total &+ lanes, targets: padded)
            let sx = buffers.sourceX.base, sy = buffers.sourceY.base, ss = buffers.sourceS.base
            var gathered = 0
            /// Appends the points of the listed leaves that `take` accepts (given whether they are marked careful).
            func gather(_ take: (Bool) -> Bool) {
                for s in sources where take(list[s] < 0) {
                    let b = cells[Int(list[s] < 0 ? ~list[s] : list[s])]
                    for j in Int(b.from)..<Int(b.from &+ b.count) {
                        sx[gathered] = Scalar((px[j] - centre.x) * length)
                        sy[gathered] = Scalar((py[j] - centre.y) * length)
                        ss[gathered] = Scalar(ps[j] * strength)
                        gathered &+= 1
                    }
                }
            }
            if float {
                gather { !$0 }
                // Stand-ins of no strength (`NearFieldSums.lanes`).
                while gathered % lanes != 0 {
                    sx[gathered] = NearFieldSums<Scalar>.standIn
                    sy[gathered] = NearFieldSums<Scalar>.standIn
                    ss[gathered] = 0
                    gathered &+= 1
                }
            }
            let firstCareful = gathered
            gather { careful in careful || !float }
            let tx = buffers.targetX.base, ty = buffers.targetY.base
            let ax = buffers.sumX.base, ay = buffers.sumY.base
            for t in 0..<count {
                tx[t] = Scalar((px[from &+ t] - centre.x) * length)
                ty[t] = Scalar((py[from &+ t] - centre.y) * length)
                ax[t] = 0
                ay[t] = 0
            }
            for t in count..<padded {
                tx[t] = NearFieldSums<Scalar>.standIn
                ty[t] = NearFieldSums<Scalar>.standIn
                ax[t] = 0
                ay[t] = 0
            }
            NearFieldSums(
                sourceX: sx, sourceY: sy, sourceS: ss, sources: gathered, firstCareful: firstCareful,
                targetX: tx, targetY: ty, sumX: ax, sumY: ay, targets: count,
                distanceMin2: distanceMin2 * length * length
            ).add()
            let local = locals + a &* ComplexExpansions.order
            // The field is the conjugate of the local expansion's value; two nodes at a time, then the last if odd.
            var t = 0
            while t &+ 1 < count {
                let i = from &+ t, centres = SIMD4(lowHalf: centre, highHalf: centre)
                let offsets = SIMD4(px[i], py[i], px[i &+ 1], py[i &+ 1]) - centres
                let field = ComplexExpansions.evaluate(local, at: offsets)
                sumX[i] = Double(ax[t]) * force + field.x
                sumY[i] = Double(ay[t]) * force - field.y
                sumX[i &+ 1] = Double(ax[t &+ 1]) * force + field.z
                sumY[i &+ 1] = Double(ay[t &+ 1]) * force - field.w
                t &+= 2
            }
            if t < count {
                let field = ComplexExpansions.evaluate(local, at: SIMD2(px[from &+ t], py[from &+ t]) - centre)
                sumX[from &+ t] = Double(ax[t]) * force + field.x
                sumY[from &+ t] = Double(ay[t]) * force - field.y
            }
        }
    }
}
