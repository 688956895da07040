import ProcessorSupport

/// Fast mode's many-body sums in 2D where `MultipoleManyBody` does not apply (a finite distanceMax, a strength that
/// is not finite, nodes spread over a square wider than 10^20), over the same Barnes-Hut tree as exact mode: the points of each of the
/// largest subtrees holding at most `groupSize` points form a group that walks the tree once, with the group's
/// bounding box; far cells well separated from the group go into one local expansion of their field around the
/// group's centre, the other far cells and the points of near leaves into an interaction list; then each node of
/// the group evaluates the expansion and adds the list's terms two at a time in SIMD lanes, without d3's per-cell
/// branches.
///
/// A cell is taken whole when width² / theta² is below `reach` times the squared distance from its centre to the
/// nearest point of the box (exact mode's test, for one node, has reach 1); otherwise it is opened, and a leaf's
/// points are listed one by one. So the sums are an approximation of the same kind as exact mode's, with a cell
/// taken whole up to sqrt(reach) times closer (docs/engine.md gives the measured error). A node adds nothing from
/// points at its own position (exact mode jiggles those). Each node's sum is computed in one fixed order by one
/// thread, so results do not depend on the number of threads.
final class GroupedManyBody {
    /// Most points per group.
    static let groupSize = 32
    /// A cell is taken whole when width² / theta² is below this many times its squared distance to the group's box.
    static let reach = 3.0

    /// Per worker: its interaction list.
    private var lists: [InteractionList] = []

    /// What the sums read and write: the tree's cells (with their strength sums), its points, and the nodes.
    struct Input: @unchecked Sendable {
        let bodies: UnsafePointer<ManyBodyForce.Body>
        let cells: Int
        let first: UnsafePointer<Int32>, order: UnsafePointer<Int32>
        /// Points in the tree (the first `kept` entries of `order`).
        let kept: Int
        let strengths: UnsafePointer<Double>
        let x: UnsafePointer<Double>, y: UnsafePointer<Double>
        let vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>
        let alpha: Double
        /// Whether some cell has a zero strength sum or a centre that is not finite (walks then skip such cells).
        let anyIrregular: Bool
        let distanceMin2: Double
        let distanceMax2: Double
    }

    /// One worker's interactions for the current group, as offsets from the group's centre and strengths:
    /// `clear` terms are at least distanceMin (and more than 0) from every node of the group, so they need no test;
    /// `careful` ones may be closer, or be a node's own point.
    final class InteractionList: @unchecked Sendable {
        let clear = Terms()
        let careful = Terms()
        /// The far field of the cells well separated from the group, expanded around the group's centre.
        let expansion = LocalExpansion()

        /// Empties both lists and the expansion.
        func removeAll() {
            clear.count = 0
            careful.count = 0
            expansion.removeAll()
        }

        /// Appends a term to the list that `gap`, its smallest squared distance to the group, calls for.
        @inline(__always)
        func append(_ offset: SIMD2<Double>, _ strength: Double, gap: Double, clearFrom dmin2: Double) {
            if gap >= dmin2 && gap > 0 { clear.append(offset, strength) } else { careful.append(offset, strength) }
        }
    }

    /// The summed field of far cells as a power series around the group's centre, in complex numbers: a cell of
    /// strength s at offset D from the centre pulls a node at offset δ with s·d/|d|² = s / conj(D − δ) (d = D − δ),
    /// which is Σₘ s·conj(δ)ᵐ / conj(D)ᵐ⁺¹; the series keeps `order` terms, whose coefficients sum over the cells.
    /// With |δ| ≤ `separation`·|D| the first term left out is at most separationᵒʳᵈᵉʳ of the cell's pull.
    final class LocalExpansion: @unchecked Sendable {
        /// Terms kept.
        static let order = 6
        /// The largest ratio of the group's radius to a cell's distance for the cell to go into the expansion.
        static let separation = 0.6
        /// Coefficients: real and imaginary parts side by side, `order` pairs.
        private let coefficients = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: order)
        /// Whether any cell was added since the last `removeAll`.
        private(set) var isEmpty = true

        init() { coefficients.initialize(repeating: SIMD2(), count: Self.order) }

        deinit { coefficients.deallocate() }

        /// Sets every coefficient to 0.
        func removeAll() {
            guard !isEmpty else { return }
            coefficients.update(repeating: SIMD2(), count: Self.order)
            isEmpty = true
        }

        /// Adds a cell of `strength` at `offset` (not 0) from the centre: coefficient m gains strength / conj(D)ᵐ⁺¹.
        @inline(__always)
        func add(_ offset: SIMD2<Double>, _ strength: Double) {
            // 1 / conj(D) = D / |D|².
            let u = offset / (offset * offset).sum()
            let swapped = SIMD2(-u.y, u.x)
            var t = strength * u
            let c = coefficients
            for m in 0..<Self.order {
                c[m] += t
                // t × u in complex numbers: (tr ur - ti ui, tr ui + ti ur).
                t = t.x * u + t.y * swapped
            }
            isEmpty = false
        }

        /// The field at `offset` from the centre (Horner's rule in conj(δ)).
        @inline(__always)
        func field(at offset: SIMD2<Double>) -> SIMD2<Double> {
            guard !isEmpty else { return SIMD2() }
            // z = conj(δ) = (δx, -δy); f × z = (fr zr - fi zi, fr zi + fi zr) = fr (zr, zi) + fi (-zi, zr).
            let z = SIMD2(offset.x, -offset.y), swapped = SIMD2(offset.y, offset.x)
            let c = coefficients
            var f = c[Self.order - 1]
            for m in stride(from: Self.order - 2, through: 0, by: -1) {
                f = f.x * z + f.y * swapped + c[m]
            }
            return f
        }
    }

    /// A growable list of terms, two to a block: x offsets, y offsets and strengths, each a SIMD2.
    final class Terms: @unchecked Sendable {
        /// Blocks of (x, y, strength).
        private(set) var blocks = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 3 * 256)
        private var capacity = 256
        /// Number of terms.
        var count = 0

        deinit { blocks.deallocate() }

        /// Number of blocks, the last padded with a term of strength 0 far away (it adds nothing).
        var blockCount: Int {
            if count & 1 != 0 {
                let last = blocks + (count >> 1) &* 3
                (last[0][1], last[1][1], last[2][1]) = (1e150, 1e150, 0)
            }
            return (count &+ 1) >> 1
        }

        /// Appends one term.
        @inline(__always)
        func append(_ offset: SIMD2<Double>, _ strength: Double) {
            let block = count >> 1
            if block == capacity { grow() }
            // Term i's x is Double 6 (i / 2) + i % 2 of the blocks, its y 2 further, its strength 4 further.
            let lanes = UnsafeMutableRawPointer(blocks).assumingMemoryBound(to: Double.self) + (block &* 6 &+ count & 1)
            lanes[0] = offset.x
            lanes[2] = offset.y
            lanes[4] = strength
            count &+= 1
        }

        private func grow() {
            let fresh = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 6 * capacity)
            fresh.update(from: blocks, count: 3 * capacity)
            blocks.deallocate()
            blocks = fresh
            capacity *= 2
        }
    }

    /// Adds every kept node's charge sum, times alpha, to its velocity, on up to `threads` threads.
    func apply(_ input: Input, threads: Int) {
        // The groups: the largest subtrees holding at most groupSize points, as ranges of tree positions.
        var groups: [Range<Int>] = []
        var c = 0
        while c < input.cells {
            let stop = Int(input.bodies[c].end)
            let from = Int(input.first[c]), to = Int(input.first[stop])
            if to &- from <= Self.groupSize || input.bodies[c].head != -1 {
                if to > from { groups.append(from..<to) }
                c = stop
            } else {
                c &+= 1
            }
        }
        while lists.count < threads { lists.append(InteractionList()) }
        let lists = self.lists, planned = groups
        forEachClaimedItem(planned.count, threads: threads) { g, t in Self.group(planned[g], input, lists[t]) }
    }

    /// Lists the interactions of the group at tree positions `range`, then adds them to its nodes.
    private static func group(_ range: Range<Int>, _ input: Input, _ list: InteractionList) {
        let from = range.lowerBound, to = range.upperBound
        var lower = SIMD2<Double>(repeating: .infinity), upper = SIMD2<Double>(repeating: -.infinity)
        for s in from..<to {
            let p = position(input, Int(input.order[s]))
            lower = lower.replacing(with: p, where: p .< lower)
            upper = upper.replacing(with: p, where: p .> upper)
        }
        let origin = (lower + upper) * 0.5
        list.removeAll()
        walk(input, list, lower, upper, origin)
        let clear = list.clear.blockCount, careful = list.careful.blockCount
        for s in from..<to {
            let p = Int(input.order[s])
            let offset = position(input, p) - origin
            let sum = add(offset, list, clear, careful, input) + list.expansion.field(at: offset)
            input.vx[p] += sum.x * input.alpha
            input.vy[p] += sum.y * input.alpha
        }
    }

    /// Walks the tree for the group in the box from `lower` to `upper`, listing far cells whole and the points of
    /// near leaves, as offsets from `origin`.
    private static func walk(
        _ input: Input, _ list: InteractionList, _ lower: SIMD2<Double>, _ upper: SIMD2<Double>,
        _ origin: SIMD2<Double>
    ) {
        let bodies = input.bodies
        // With a finite distanceMax every term is tested (no term is clear).
        let clearFrom = input.distanceMax2 < .infinity ? .infinity : input.distanceMin2
        // A clear cell at least radius / separation from the centre goes into the expansion.
        let half = upper - origin
        let expandFrom = (half.x * half.x + half.y * half.y) / (LocalExpansion.separation * LocalExpansion.separation)
        var k = 0
        while k < input.cells {
            let c = bodies[k]
            if input.anyIrregular && (c.value == 0 || !(c.x.isFinite && c.y.isFinite)) {
                k = Int(c.end)
                continue
            }
            // The squared distance from the centre to the nearest point of the box.
            let gx = max(0, max(lower.x - c.x, c.x - upper.x)), gy = max(0, max(lower.y - c.y, c.y - upper.y))
            let gap = gx * gx + gy * gy
            if c.limit < gap * Self.reach {
                let offset = SIMD2(c.x, c.y) - origin
                if gap >= clearFrom && gap > 0 && (offset * offset).sum() >= expandFrom {
                    list.expansion.add(offset, c.value)
                } else {
                    list.append(offset, c.value, gap: gap, clearFrom: clearFrom)
                }
                k = Int(c.end)
                continue
            }
            if c.head != -1 {
                // The leaf's points share its centre, so its gap too.
                for s in Int(input.first[k])..<Int(input.first[k &+ 1]) {
                    let p = Int(input.order[s])
                    list.append(position(input, p) - origin, input.strengths[p], gap: gap, clearFrom: clearFrom)
                }
            }
            k &+= 1
        }
    }

    /// Node `p`'s position.
    @inline(__always)
    private static func position(_ input: Input, _ p: Int) -> SIMD2<Double> {
        SIMD2(input.x[p], input.y[p])
    }

    /// The sum of the listed terms over squared distance for a node at `offset` from the group's centre (without
    /// alpha): the clear blocks without tests, then the careful ones with d3's distanceMin and distanceMax rules.
    @inline(__always)
    private static func add(
        _ offset: SIMD2<Double>, _ list: InteractionList, _ clear: Int, _ careful: Int, _ input: Input
    ) -> SIMD2<Double> {
        let px = SIMD2<Double>(repeating: offset.x), py = SIMD2<Double>(repeating: offset.y)
        var ax = SIMD2<Double>(), ay = SIMD2<Double>()
        var b = list.clear.blocks
        for _ in 0..<clear {
            let dx = b[0] - px, dy = b[1] - py
            let w = b[2] / (dx * dx + dy * dy)
            ax += dx * w
            ay += dy * w
            b += 3
        }
        let dmin2 = SIMD2<Double>(repeating: input.distanceMin2)
        let limited = input.distanceMax2 < .infinity
        let dmax2 = SIMD2<Double>(repeating: input.distanceMax2)
        b = list.careful.blocks
        for _ in 0..<careful {
            let dx = b[0] - px, dy = b[1] - py
            var l = dx * dx + dy * dy
            var skip = l .== SIMD2<Double>()
            if limited { skip .|= l .>= dmax2 }
            let close = l .< dmin2
            if any(close) { l.replace(with: (dmin2 * l).squareRoot(), where: close) }
            var w = b[2] / l
            w.replace(with: SIMD2<Double>(), where: skip)
            ax += dx * w
            ay += dy * w
            b += 3
        }
        return SIMD2(ax.sum(), ay.sum())
    }
}
