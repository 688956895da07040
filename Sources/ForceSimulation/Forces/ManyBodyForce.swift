import ProcessorSupport

/// d3's many-body force (charge): every node pushes (negative strength) or pulls every other, 1/r, approximated
/// by Barnes-Hut over a d3-quadtree (2D) or d3-octree (3D) so sums come out in d3's order.
///
/// Each node's sum is independent given the tree, so nodes are processed in parallel chunks; a node whose sum
/// would draw a jiggle (coincident coordinates) is left for a sequential pass in index order, which keeps the
/// random draws, and so every result, identical to a single-threaded run.
public final class ManyBodyForce: PreparedForce, SettingsForce {
    /// Per-node strength (default -30); negative repels. Evaluated at initialization.
    public var strength: NodeParameter {
        didSet { stale = true }
    }
    /// theta² of the Barnes-Hut criterion (d3 stores it squared; default 0.81).
    public var theta2: Double
    /// Squared minimum distance (default 1); closer pairs use sqrt(distanceMin² * l) instead of l.
    public var distanceMin2: Double
    /// Squared maximum distance (default infinity); farther cells and points are ignored.
    public var distanceMax2: Double

    /// The Barnes-Hut accuracy parameter theta (stored as theta2).
    public var theta: Double {
        get { theta2.squareRoot() }
        set { theta2 = newValue * newValue }
    }
    /// Minimum distance (stored squared).
    public var distanceMin: Double {
        get { distanceMin2.squareRoot() }
        set { distanceMin2 = newValue * newValue }
    }
    /// Maximum distance (stored squared).
    public var distanceMax: Double {
        get { distanceMax2.squareRoot() }
        set { distanceMax2 = newValue * newValue }
    }

    private var kinetics: Kinetics?
    private var random: RandomSource?
    private let strengths = ScratchBuffer<Double>()
    private var stale = true
    private let tree = SpatialTree()
    private let bodies = ScratchBuffer<Body>()
    /// The tree's points in its order: coordinates (z only in 3D) and strengths, for the sums to read in sequence.
    private let gathered = ScratchBuffer<Double>()
    private let depths = ScratchBuffer<Double>()
    private let deferred = ScratchBuffer<UInt8>()
    /// Fast mode's sums in 2D (`SimulationMode.fast`): by multipoles, or grouped walks where those do not apply.
    private let multipoles = MultipoleManyBody()
    private let grouped = GroupedManyBody()
    /// The largest magnitude of the evaluated strengths (infinity if one is not finite), and the smallest non-zero
    /// one (infinity if all are 0).
    private var largestStrength = 0.0, smallestStrength = Double.infinity
    /// What `prepare` did ahead of the next `apply`: nothing, the tree, the tree and its sums (and whether a
    /// cell is irregular, see `accumulate`), fast mode's cells for the multipoles, or those and their sums.
    private var preparation = Preparation.none

    private enum Preparation {
        case none, built, summed(anyIrregular: Bool), arranged, computed
    }

    /// One cell of the tree as the visit reads it (40 bytes): centre of strength (z kept apart, in `depths`), summed
    /// strength, approximation limit (width² / theta²), subtree end, and `head`: -1 for an internal cell, the point
    /// of a one-point leaf, or -(point + 2) for the head point of a leaf holding a chain of coincident points.
    struct Body {
        var x = 0.0, y = 0.0, value = 0.0, limit = 0.0
        var end: Int32 = 0
        var head: Int32 = 0
    }

    /// The force's settings, with d3's defaults written here once: what a host declares the force's options from.
    public struct Settings {
        /// Per-node strength; negative repels.
        public var strength: NodeParameter = -30
        /// The Barnes-Hut accuracy: a cell acts as one body when width / distance < theta.
        public var theta = 0.9
        /// Distances below it count as it.
        public var distanceMin = 1.0
        /// Nodes farther apart do not interact.
        public var distanceMax = Double.infinity

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            switch setting {
            case \.theta, \.distanceMin: 0...Double.greatestFiniteMagnitude
            case \.distanceMax: 0...Double.infinity
            default: nil
            }
        }
    }

    /// Creates the force with `settings`.
    public convenience init(_ settings: Settings) {
        self.init(strength: settings.strength, theta: settings.theta, distanceMin: settings.distanceMin, distanceMax: settings.distanceMax)
    }

    /// Creates the force, with d3's defaults (`Settings`) for what is not given.
    public init(
        strength: NodeParameter = Settings().strength, theta: Double = Settings().theta,
        distanceMin: Double = Settings().distanceMin, distanceMax: Double = Settings().distanceMax
    ) {
        self.strength = strength
        theta2 = theta * theta
        distanceMin2 = distanceMin * distanceMin
        distanceMax2 = distanceMax * distanceMax
    }

    /// True unless parameters changed since they were evaluated (their functions run in the next `apply`).
    public var changesOnlyVelocities: Bool { !stale }

    /// Binds to the kinetics and random source and evaluates the strengths.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
        self.random = random
        try evaluate()
    }

    /// True when the nodes are many enough for the tree to be built on more than one thread.
    var preparesAhead: Bool {
        kinetics.map { workers($0) > 1 } ?? false
    }

    /// Builds the tree from the current positions and, unless the strengths wait to be evaluated, sums it; in fast
    /// mode where the multipoles apply, their cells and, unless the strengths wait, the whole charge sums.
    func prepare() {
        guard let k = kinetics, k.count > 0 else { return }
        if mayUseMultipoles(k), arrange(k) {
            if stale {
                preparation = .arranged
            } else {
                computeMultipoles(k)
                preparation = .computed
            }
            return
        }
        buildTree(k)
        preparation = stale ? .built : .summed(anyIrregular: accumulate(k, threads: workers(k)))
    }

    /// Whether this tick's sums may be fast mode's multipoles: 2D, and the parameters allow them (the strengths as
    /// last evaluated).
    private func mayUseMultipoles(_ k: Kinetics) -> Bool {
        k.mode == .fast && k.dimensions == 2
            && MultipoleManyBody.applies(distanceMax2: distanceMax2, largestStrength: largestStrength)
    }

    /// Sorts the nodes into the multipoles' cells; false where they do not apply to these positions.
    private func arrange(_ k: Kinetics) -> Bool {
        multipoles.arrange(count: k.count, x: k.x.baseAddress!, y: k.y.baseAddress!)
    }

    /// Fast mode's charge sums by multipoles, once the nodes are arranged; `apply` adds them to the velocities.
    private func computeMultipoles(_ k: Kinetics) {
        multipoles.compute(
            MultipoleManyBody.Input(
                count: k.count, strengths: strengths.base, x: k.x.baseAddress!, y: k.y.baseAddress!,
                distanceMin2: distanceMin2, largestStrength: largestStrength, smallestStrength: smallestStrength,
                theta2: theta2),
            threads: workers(k))
    }

    /// Forgets the tree or sums made ahead.
    func discardPreparation() {
        preparation = .none
    }

    /// Adds the charge sum of every node to its velocity.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, let random, k.count > 0 else { return }
        let prepared = preparation
        preparation = .none
        if stale { try evaluate() }
        let n = k.count
        let three = k.dimensions == 3
        let threads = workers(k)
        if mayUseMultipoles(k) {
            var ready = true
            switch prepared {
            case .computed: break
            case .arranged: computeMultipoles(k)
            case .none, .built, .summed:
                ready = arrange(k)
                if ready { computeMultipoles(k) }
            }
            if ready {
                multipoles.add(alpha: alpha, vx: k.vx.baseAddress!, vy: k.vy.baseAddress!, threads: threads)
                return
            }
        }
        switch prepared {
        case .none, .arranged, .computed: buildTree(k)
        case .built, .summed: break
        }
        let anyIrregular: Bool
        switch prepared {
        case .summed(let irregular): anyIrregular = irregular
        case .built, .none, .arranged, .computed: anyIrregular = accumulate(k, threads: threads)
        }
        // Fast mode in 2D where multipoles do not apply; in 3D, d3-force-3d scales an internal cell's strength by
        // sqrt(4/8) at every level, so its force depends on which cells a node takes whole, and grouped walks would
        // change it (docs/engine.md).
        if k.mode == .fast && !three {
            grouped.apply(
                GroupedManyBody.Input(
                    bodies: bodies.base, cells: tree.cellCount, first: tree.first.base, order: tree.order.base,
                    kept: tree.keptCount, strengths: strengths.base, x: k.x.baseAddress!, y: k.y.baseAddress!,
                    vx: k.vx.baseAddress!, vy: k.vy.baseAddress!, alpha: alpha, anyIrregular: anyIrregular,
                    distanceMin2: distanceMin2, distanceMax2: distanceMax2),
                threads: threads)
            return
        }

        deferred.reserve(n)
        deferred.base.initialize(repeating: 0, count: n)
        let kernel = Kernel(
            order: tree.order.base, marks: deferred.base, bodies: bodies.base, depths: depths.base,
            next: tree.next.base, strengths: strengths.base, x: k.x.baseAddress!, y: k.y.baseAddress!,
            z: k.z.baseAddress, vx: k.vx.baseAddress!, vy: k.vy.baseAddress!, vz: k.vz.baseAddress,
            cells: tree.cellCount, alpha: alpha, three: three, distanceMin2: distanceMin2,
            distanceMax2: distanceMax2,
            plain: !anyIrregular && distanceMax2 == .infinity && tree.keptCount == n
                && tree.bounds.base[k.dimensions] - tree.bounds.base[0] < 1e150)
        let chunk = 256
        let chunks = (n + chunk - 1) / chunk
        var anyDeferred = false
        if threads == 1 {
            for c in 0..<chunks where kernel.run(from: c * chunk, to: min(n, c * chunk + chunk)) {
                anyDeferred = true
            }
        } else {
            let flags = Flags(threads)
            defer { flags.release() }
            // Chunks are claimed one at a time, so a thread that gets less of the machine does less of the work.
            forEachClaimedItem(chunks, threads: threads) { c, t in
                if kernel.run(from: c * chunk, to: min(n, c * chunk + chunk)) { flags.set(t) }
            }
            anyDeferred = flags.any
        }
        if anyDeferred {
            let marks = deferred.base
            for i in 0..<n where marks[i] != 0 {
                _ = kernel.node(i, random: random)
            }
        }
    }

    private func evaluate() throws {
        guard let kinetics else { return }
        let n = kinetics.count
        strengths.reserve(n)
        for i in 0..<n { strengths.base[i] = try strength.value(i) }
        largestStrength = 0
        smallestStrength = .infinity
        for i in 0..<n {
            let magnitude = strengths.base[i].magnitude
            largestStrength = magnitude.isFinite ? max(largestStrength, magnitude) : .infinity
            if magnitude > 0 { smallestStrength = min(smallestStrength, magnitude) }
        }
        stale = false
    }

    /// Threads worth using for `k`'s nodes: one more per 1024 nodes, per 256 in fast mode in 2D (whose sums cost
    /// less per node, so a second thread pays off sooner).
    private func workers(_ k: Kinetics) -> Int {
        max(1, min(k.threads, k.count / (k.mode == .fast && k.dimensions == 2 ? 256 : 1024) + 1))
    }

    /// Builds the tree over the current positions.
    private func buildTree(_ k: Kinetics) {
        tree.build(
            count: k.count, dimensions: k.dimensions, x: k.x.baseAddress!, y: k.y.baseAddress!, z: k.z.baseAddress,
            threads: workers(k))
    }

    /// d3's visitAfter(accumulate) over the tree: the subtrees built apart (on up to `threads` threads), then the
    /// cells above them. Returns whether any cell is irregular: a zero value, or a centre that is not finite (a
    /// strength times a coordinate can overflow).
    private func accumulate(_ k: Kinetics, threads: Int) -> Bool {
        let cells = tree.cellCount, n = k.count
        let three = k.dimensions == 3
        bodies.reserve(cells)
        depths.reserve(three ? cells : 0)
        gathered.reserve(4 * n)
        let accumulator = Accumulator(
            bodies: bodies.base, depths: depths.base, end: tree.end.base, head: tree.head.base,
            first: tree.first.base, bounds: tree.bounds.base, order: tree.order.base, strengths: strengths.base,
            x: k.x.baseAddress!, y: k.y.baseAddress!, z: k.z.baseAddress, sx: gathered.base, sy: gathered.base + n,
            sz: gathered.base + 2 * n, ss: gathered.base + 3 * n, three: three, theta2: theta2)
        let subtrees = tree.subtrees
        forEachClaimedItem(subtrees.count, threads: threads) { i, _ in accumulator.subtree(subtrees[i]) }
        for c in tree.top.reversed() { accumulator.cell(c) }
        let body = bodies.base
        return (0..<cells).contains { body[$0].value == 0 || !body[$0].x.isFinite || !body[$0].y.isFinite }
    }

    /// d3's accumulate for one cell, once its children are done: a leaf takes its point's position and the sum of
    /// its chain's strengths; an internal cell the sum of its children's (scaled by sqrt(4/8) in 3D, as
    /// d3-force-3d does) and the centre weighted by |strength|. A NaN sum is stored as 0: d3 skips such a cell in
    /// both passes.
    struct Accumulator: @unchecked Sendable {
        let bodies: UnsafeMutablePointer<Body>
        let depths: UnsafeMutablePointer<Double>
        let end: UnsafeMutablePointer<Int32>, head: UnsafeMutablePointer<Int32>, first: UnsafeMutablePointer<Int32>
        let bounds: UnsafeMutablePointer<Double>
        let order: UnsafeMutablePointer<Int32>
        let strengths: UnsafeMutablePointer<Double>
        let x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?
        /// Coordinates and strengths of the points in tree order, filled by `subtree`.
        let sx: UnsafeMutablePointer<Double>, sy: UnsafeMutablePointer<Double>, sz: UnsafeMutablePointer<Double>
        let ss: UnsafeMutablePointer<Double>
        let three: Bool
        let theta2: Double

        /// Sums the whole subtree `cells`: gathers its points in tree order (their loads do not depend on each
        /// other, so their cache misses overlap), then computes its cells bottom-up.
        func subtree(_ cells: Range<Int>) {
            for s in Int(first[cells.lowerBound])..<Int(first[cells.upperBound]) {
                let p = Int(order[s])
                sx[s] = x[p]
                sy[s] = y[p]
                if three { sz[s] = z![p] }
                ss[s] = strengths[p]
            }
            for c in cells.reversed() { cell(c) }
        }

        /// Computes the body of cell `c`.
        func cell(_ c: Int) {
            let stride = three ? 6 : 4
            var b = Body()
            b.end = end[c]
            // Wrapping operations: cell and point indices fit in Int32, as everywhere in the tree.
            let box = bounds + c &* stride
            let w = box[stride / 2] - box[0]
            b.limit = w * w / theta2
            var value = 0.0
            var bz = 0.0
            let h = head[c]
            if h >= 0 {
                let s = Int(first[c]), t = Int(first[c &+ 1])
                b.x = sx[s]
                b.y = sy[s]
                b.head = t &- s == 1 ? h : 0 &- h &- 2
                if three { bz = sz[s] }
                for u in s..<t { value += ss[u] }
            } else {
                var weight = 0.0, sx = 0.0, sy = 0.0, sz = 0.0
                var child = c &+ 1
                while child < Int(b.end) {
                    let q = bodies[child]
                    if q.value != 0 {
                        let a = abs(q.value)
                        value += q.value
                        weight += a
                        sx += a * q.x
                        sy += a * q.y
                        if three { sz += a * depths[child] }
                    }
                    child = Int(q.end)
                }
                if three { value *= (4.0 / 8).squareRoot() }
                b.x = sx / weight
                b.y = sy / weight
                bz = sz / weight
                b.head = -1
            }
            b.value = value.isNaN ? 0 : value
            bodies[c] = b
            if three { depths[c] = bz }
        }
    }

    /// One flag per worker thread, each written only by its own worker.
    struct Flags: @unchecked Sendable {
        let base: UnsafeMutablePointer<Bool>
        let count: Int

        init(_ count: Int) {
            self.count = count
            base = .allocate(capacity: count)
            base.initialize(repeating: false, count: count)
        }

        /// Raises worker `t`'s flag.
        func set(_ t: Int) { base[t] = true }

        /// Whether any worker raised its flag.
        var any: Bool { (0..<count).contains { base[$0] } }

        /// Frees the storage.
        func release() { base.deallocate() }
    }

    /// The per-node Barnes-Hut visit over the pre-order cells, with everything it reads.
    struct Kernel: @unchecked Sendable {
        let order: UnsafeMutablePointer<Int32>
        let marks: UnsafeMutablePointer<UInt8>
        let bodies: UnsafeMutablePointer<Body>
        let depths: UnsafeMutablePointer<Double>
        let next: UnsafeMutablePointer<Int32>
        let strengths: UnsafeMutablePointer<Double>
        let x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?
        let vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>, vz: UnsafeMutablePointer<Double>?
        let cells: Int
        let alpha: Double
        let three: Bool
        let distanceMin2: Double
        let distanceMax2: Double
        /// No cell has a zero value or a centre that is not finite, distanceMax is infinite, every node is in the
        /// tree (no coordinate is NaN or out of reach) and the root is narrower than 1e150, so every squared
        /// distance from a node to a cell centre is finite: the zero-value and distanceMax tests always pass.
        let plain: Bool

        /// Processes `order[from..<to]` without drawing random numbers; nodes that would need a jiggle are marked
        /// in `marks` and left unchanged. Returns whether any node was marked.
        func run(from: Int, to: Int) -> Bool {
            if !three { return plain ? runPairs(from: from, to: to) : run2D(from: from, to: to) }
            var marked = false
            for s in from..<to {
                let i = Int(order[s])
                if !node3D(i, random: nil) {
                    marks[i] = 1
                    marked = true
                }
            }
            return marked
        }

        /// `run` in 2D for a kernel that is not plain. Each node's position and velocity are loaded one node ahead,
        /// so a cache miss on them overlaps the previous node's visit.
        private func run2D(from: Int, to: Int) -> Bool {
            var marked = false
            var i = Int(order[from])
            var position = SIMD2(x[i], y[i]), velocity = SIMD2(vx[i], vy[i])
            for s in from..<to {
                let j = s + 1 < to ? Int(order[s + 1]) : i
                let nextPosition = SIMD2(x[j], y[j]), nextVelocity = SIMD2(vx[j], vy[j])
                if !node2D(i, position, velocity, random: nil, plain: false) {
                    marks[i] = 1
                    marked = true
                }
                (i, position, velocity) = (j, nextPosition, nextVelocity)
            }
            return marked
        }

        /// `run` in 2D for a plain kernel: consecutive nodes two at a time (see `pair`), a pair that would need a
        /// jiggle and an odd last node one at a time. The chunk's positions and velocities are gathered first, in
        /// tree order: those loads do not depend on each other, so their cache misses overlap, where inside the
        /// visit each would stall its pair.
        private func runPairs(from: Int, to: Int) -> Bool {
            withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: to - from) { states in
                // Wrapping operations: s stays within from..<to.
                for s in from..<to {
                    let i = Int(order[s])
                    states[s &- from] = SIMD4(x[i], y[i], vx[i], vy[i])
                }
                var marked = false
                func alone(_ s: Int) {
                    let i = Int(order[s]), state = states[s &- from]
                    var v = SIMD2(state[2], state[3])
                    if span2D(i, SIMD2(state[0], state[1]), &v, from: 0, to: cells) {
                        (vx[i], vy[i]) = (v.x, v.y)
                    } else {
                        marks[i] = 1
                        marked = true
                    }
                }
                var s = from
                while s &+ 1 < to {
                    let t = s &- from
                    if !pair(Int(order[s]), Int(order[s &+ 1]), states[t], states[t &+ 1]) {
                        alone(s)
                        alone(s &+ 1)
                    }
                    s &+= 2
                }
                if s < to { alone(s) }
                return marked
            }
        }

        /// The plain 2D visits of nodes `i` and `j` (whose x, y, vx, vy are `first` and `second`) in lockstep, one
        /// node per SIMD2 lane (x and y apart): while both take the same far/near decision, one step serves both.
        /// At a cell where they differ, the far lane takes the cell's sum and the near one visits the cell and its
        /// subtree alone; at a leaf holding either node or a chain, each lane visits the leaf alone; then they go
        /// on together. Each lane performs exactly its node's scalar operations in order. Returns false, changing
        /// nothing, if either node would need a jiggle.
        private func pair(_ i: Int, _ j: Int, _ first: SIMD4<Double>, _ second: SIMD4<Double>) -> Bool {
            let px = SIMD2(first[0], second[0]), py = SIMD2(first[1], second[1])
            var vxs = SIMD2(first[2], second[2]), vys = SIMD2(first[3], second[3])
            let alpha = self.alpha, dmin2 = SIMD2(repeating: distanceMin2)
            let zero = SIMD2<Double>.zero
            var k = 0
            while k < cells {
                let c = bodies[k]
                let dx = c.x - px, dy = c.y - py
                var l = dx * dx + dy * dy
                // l is finite, so both lanes are far exactly when the nearer is, and either is when the farther is;
                // and a zero product of the lanes' dx * dy catches every zero component (and some underflows,
                // which the slow paths tell apart).
                let nearer = l.x < l.y ? l.x : l.y, farther = l.x < l.y ? l.y : l.x
                let products = dx * dy
                if c.limit < nearer {
                    if _slowPath(products.x * products.y == 0 || nearer < distanceMin2) {
                        if any(products .== zero) { return false }
                        l.replace(with: (dmin2 * l).squareRoot(), where: l .< dmin2)
                    }
                    vxs += dx * c.value * alpha / l
                    vys += dy * c.value * alpha / l
                    k = Int(c.end)
                    continue
                }
                if c.limit < farther {
                    let far = c.limit .< l
                    if _slowPath(any(far .& ((products .== zero) .| (l .< dmin2)))) {
                        if any(far .& (products .== zero)) { return false }
                        l.replace(with: (dmin2 * l).squareRoot(), where: l .< dmin2)
                    }
                    vxs.replace(with: vxs + dx * c.value * alpha / l, where: far)
                    vys.replace(with: vys + dy * c.value * alpha / l, where: far)
                    let near = far[0] ? 1 : 0
                    var v = SIMD2(vxs[near], vys[near])
                    // The near lane opens an internal cell (goes on at k + 1) and takes a leaf's points.
                    let start = c.head == -1 ? k + 1 : k, end = Int(c.end)
                    let alone = span2D(near == 0 ? i : j, SIMD2(px[near], py[near]), &v, from: start, to: end)
                    guard alone else { return false }
                    (vxs[near], vys[near]) = (v.x, v.y)
                    k = end
                    continue
                }
                let h = Int(c.head)
                if h != -1 && _slowPath(h < 0 || h == i || h == j) {
                    var vi = SIMD2(vxs[0], vys[0]), vj = SIMD2(vxs[1], vys[1])
                    guard span2D(i, SIMD2(px[0], py[0]), &vi, from: k, to: k + 1),
                        span2D(j, SIMD2(px[1], py[1]), &vj, from: k, to: k + 1)
                    else { return false }
                    (vxs, vys) = (SIMD2(vi.x, vj.x), SIMD2(vi.y, vj.y))
                    k += 1
                    continue
                }
                k += 1
                if h == -1 { continue }
                if _slowPath(products.x * products.y == 0 || nearer < distanceMin2) {
                    if any((dx .== zero) .| (dy .== zero)) { return false }
                    l.replace(with: (dmin2 * l).squareRoot(), where: l .< dmin2)
                }
                let w = c.value * alpha / l
                vxs += dx * w
                vys += dy * w
            }
            (vx[i], vx[j]) = (vxs[0], vxs[1])
            (vy[i], vy[j]) = (vys[0], vys[1])
            return true
        }

        /// The plain 2D visit of node `i` over cells `from..<to` (a whole number of subtrees), adding to `v`;
        /// returns false if a jiggle would be needed.
        @inline(never)
        private func span2D(_ i: Int, _ position: SIMD2<Double>, _ v: inout SIMD2<Double>, from: Int, to: Int) -> Bool {
            visit2D(i, position, &v, from: from, to: to, random: nil, plain: true)
        }

        /// Adds node `i`'s charge sum to its velocity in d3's visit order. Without a random source, returns false
        /// (changing nothing) as soon as a jiggle would be needed.
        func node(_ i: Int, random: RandomSource?) -> Bool {
            if three { return node3D(i, random: random) }
            return node2D(i, SIMD2(x[i], y[i]), SIMD2(vx[i], vy[i]), random: random, plain: false)
        }

        /// The 2D visit of node `i` at `position` with velocity `v`, both axes in one SIMD2 (each lane's operations
        /// are d3's scalar ones, in order). `plain` leaves out the tests that cannot fail when no cell has a zero
        /// value, distanceMax is infinite and squared distances cannot overflow (see `Kernel.plain`).
        @inline(__always)
        private func node2D(
            _ i: Int, _ position: SIMD2<Double>, _ v: SIMD2<Double>, random: RandomSource?, plain: Bool
        ) -> Bool {
            var v = v
            guard visit2D(i, position, &v, from: 0, to: cells, random: random, plain: plain) else { return false }
            vx[i] = v.x
            vy[i] = v.y
            return true
        }

        /// The 2D visit of node `i` over cells `from..<to` (a whole number of subtrees), adding to `v`; see `node2D`.
        @inline(__always)
        private func visit2D(
            _ i: Int, _ position: SIMD2<Double>, _ v: inout SIMD2<Double>, from: Int, to: Int, random: RandomSource?,
            plain: Bool
        ) -> Bool {
            let alpha = self.alpha, dmin2 = distanceMin2, dmax2 = distanceMax2
            var k = from
            while k < to {
                let c = bodies[k]
                if !plain && c.value == 0 {
                    k = Int(c.end)
                    continue
                }
                var d = SIMD2(c.x, c.y) - position
                let squares = d * d
                var l = squares.x + squares.y
                if c.limit < l {
                    if plain || l < dmax2 {
                        // l is finite here, so a zero product catches every zero component (and some underflows).
                        if _slowPath(d.x * d.y == 0) {
                            guard let random else { return false }
                            (d, l) = Kernel.jiggle(d, l, random)
                        }
                        if l < dmin2 { l = (dmin2 * l).squareRoot() }
                        v += d * c.value * alpha / SIMD2(repeating: l)
                    }
                    k = Int(c.end)
                    continue
                }
                k += 1
                if c.head == -1 || (!plain && l >= dmax2) { continue }
                let chain = c.head < -1
                let h = chain ? Int(-c.head - 2) : Int(c.head)
                if h == i && !chain { continue }
                if _slowPath(d.x == 0 || d.y == 0) {
                    guard let random else { return false }
                    (d, l) = Kernel.jiggle(d, l, random)
                }
                if l < dmin2 { l = (dmin2 * l).squareRoot() }
                if !chain {
                    // A one-point leaf's value is its point's strength (a zero value was skipped above).
                    v += d * (c.value * alpha / l)
                    continue
                }
                var p = h
                while p >= 0 {
                    if p != i { v += d * (strengths[p] * alpha / l) }
                    p = Int(next[p])
                }
            }
            return true
        }

        /// d3's jiggle of the zero components of `d`, each adding its square to `l`.
        @inline(never)
        private static func jiggle(_ d: SIMD2<Double>, _ l: Double, _ random: RandomSource) -> (SIMD2<Double>, Double) {
            var d = d, l = l
            if d.x == 0 {
                d.x = random.jiggle()
                l += d.x * d.x
            }
            if d.y == 0 {
                d.y = random.jiggle()
                l += d.y * d.y
            }
            return (d, l)
        }

        /// d3-force-3d's jiggle of the zero components of (dx, dy, dz), in that order, each adding its square to `l`.
        @inline(never)
        private static func jiggle(
            _ dx: inout Double, _ dy: inout Double, _ dz: inout Double, _ l: inout Double, _ random: RandomSource
        ) {
            if dx == 0 { dx = random.jiggle(); l += dx * dx }
            if dy == 0 { dy = random.jiggle(); l += dy * dy }
            if dz == 0 { dz = random.jiggle(); l += dz * dz }
        }

        /// The 3D visit of node `i` in d3-force-3d's order; without a random source, returns false (changing
        /// nothing) as soon as a jiggle would be needed.
        private func node3D(_ i: Int, random: RandomSource?) -> Bool {
            let z = self.z!, vz = self.vz!
            let xi = x[i], yi = y[i], zi = z[i]
            var vxi = vx[i], vyi = vy[i], vzi = vz[i]
            let alpha = self.alpha, dmin2 = distanceMin2, dmax2 = distanceMax2
            var k = 0
            while k < cells {
                let c = bodies[k]
                if c.value == 0 {
                    k = Int(c.end)
                    continue
                }
                var dx = c.x - xi, dy = c.y - yi, dz = depths[k] - zi
                var l = dx * dx + dy * dy + dz * dz
                if c.limit < l {
                    if l < dmax2 {
                        if dx == 0 || dy == 0 || dz == 0 {
                            guard let random else { return false }
                            Kernel.jiggle(&dx, &dy, &dz, &l, random)
                        }
                        if l < dmin2 { l = (dmin2 * l).squareRoot() }
                        vxi += dx * c.value * alpha / l
                        vyi += dy * c.value * alpha / l
                        vzi += dz * c.value * alpha / l
                    }
                    k = Int(c.end)
                    continue
                }
                k += 1
                if c.head == -1 || l >= dmax2 { continue }
                let chain = c.head < -1
                let h = chain ? Int(-c.head - 2) : Int(c.head)
                if h == i && !chain { continue }
                if dx == 0 || dy == 0 || dz == 0 {
                    guard let random else { return false }
                    Kernel.jiggle(&dx, &dy, &dz, &l, random)
                }
                if l < dmin2 { l = (dmin2 * l).squareRoot() }
                var p = h
                while p >= 0 {
                    if p != i {
                        let w = strengths[p] * alpha / l
                        vxi += dx * w
                        vyi += dy * w
                        vzi += dz * w
                    }
                    p = Int(next[p])
                }
            }
            vx[i] = vxi
            vy[i] = vyi
            vz[i] = vzi
            return true
        }
    }
}
