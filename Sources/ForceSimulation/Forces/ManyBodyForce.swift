import Dispatch

/// d3's many-body force (charge): every node pushes (negative strength) or pulls every other, 1/r, approximated
/// by Barnes-Hut over a d3-quadtree (2D) or d3-octree (3D) so sums come out in d3's order.
///
/// Each node's sum is independent given the tree, so nodes are processed in parallel chunks; a node whose sum
/// would draw a jiggle (coincident coordinates) is left for a sequential pass in index order, which keeps the
/// random draws, and so every result, identical to a single-threaded run.
public final class ManyBodyForce: Force {
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
    private var strengths: [Double] = []
    private var stale = true
    private let tree = SpatialTree()
    private let bodies = ScratchBuffer<Body>()
    private let depths = ScratchBuffer<Double>()
    private let deferred = ScratchBuffer<UInt8>()

    /// One cell of the tree as the visit reads it: centre of strength (z kept apart, in `depths`), summed
    /// strength, approximation limit (width² / theta²), subtree end, leaf head and the head's next point.
    struct Body {
        var x = 0.0, y = 0.0, value = 0.0, limit = 0.0
        var end: Int32 = 0
        var head: Int32 = 0
        var next: Int32 = 0
    }

    /// Creates the force with d3's defaults: strength -30, theta 0.9, distanceMin 1, distanceMax infinity.
    public init(
        strength: NodeParameter = -30, theta: Double? = nil, distanceMin: Double = 1,
        distanceMax: Double = .infinity
    ) {
        self.strength = strength
        theta2 = theta.map { $0 * $0 } ?? 0.81
        distanceMin2 = distanceMin * distanceMin
        distanceMax2 = distanceMax * distanceMax
    }

    /// Binds to the kinetics and random source and evaluates the strengths.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
        self.random = random
        try evaluate()
    }

    /// Adds the charge sum of every node to its velocity.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, let random, k.count > 0 else { return }
        if stale { try evaluate() }
        let n = k.count
        let three = k.dimensions == 3
        tree.build(count: n, dimensions: k.dimensions, x: k.x.baseAddress!, y: k.y.baseAddress!, z: k.z.baseAddress)
        accumulate(k)

        deferred.reserve(n)
        deferred.base.initialize(repeating: 0, count: n)
        let threads = max(1, min(k.threads, n / 1024 + 1))
        let kernel = Kernel(
            order: tree.order.base, marks: deferred.base, bodies: bodies.base, depths: depths.base, next: tree.next.base, strengths: strengths,
            x: k.x.baseAddress!, y: k.y.baseAddress!, z: k.z.baseAddress, vx: k.vx.baseAddress!,
            vy: k.vy.baseAddress!, vz: k.vz.baseAddress, cells: tree.cellCount, alpha: alpha, three: three,
            distanceMin2: distanceMin2, distanceMax2: distanceMax2)
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
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                var c = t
                while c < chunks {
                    if kernel.run(from: c * chunk, to: min(n, c * chunk + chunk)) { flags.set(t) }
                    c += threads
                }
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
        strengths = try (0..<kinetics.count).map { try strength.value($0) }
        stale = false
    }

    /// d3's visitAfter(accumulate): leaves take their point's position and the sum of their chain's strengths;
    /// internal cells the sum of their children's (scaled by sqrt(4/8) in 3D, as d3-force-3d does) and the
    /// centre weighted by |strength|. A NaN sum is stored as 0: d3 skips such a cell in both passes.
    private func accumulate(_ k: Kinetics) {
        let cells = tree.cellCount
        let three = k.dimensions == 3
        bodies.reserve(cells)
        depths.reserve(three ? cells : 0)
        let body = bodies.base, depth = depths.base, end = tree.end.base, head = tree.head.base, bounds = tree.bounds.base
        let next = tree.next.base, x = k.x.baseAddress!, y = k.y.baseAddress!, z = k.z.baseAddress
        let stride = three ? 6 : 4
        let scale = three ? (4.0 / 8).squareRoot() : 1
        let theta2 = self.theta2
        strengths.withUnsafeBufferPointer { strengths in
            for c in Swift.stride(from: cells - 1, through: 0, by: -1) {
                var b = Body()
                b.end = end[c]
                b.head = head[c]
                let w = bounds[c * stride + stride / 2] - bounds[c * stride]
                b.limit = w * w / theta2
                var value = 0.0
                var bz = 0.0
                if b.head >= 0 {
                    let h = Int(b.head)
                    b.x = x[h]
                    b.y = y[h]
                    b.next = next[h]
                    if three { bz = z![h] }
                    var p = h
                    while p >= 0 {
                        value += strengths[p]
                        p = Int(next[p])
                    }
                } else {
                    var weight = 0.0, sx = 0.0, sy = 0.0, sz = 0.0
                    var child = c + 1
                    while child < Int(b.end) {
                        let q = body[child]
                        if q.value != 0 {
                            let a = abs(q.value)
                            value += q.value
                            weight += a
                            sx += a * q.x
                            sy += a * q.y
                            if three { sz += a * depth[child] }
                        }
                        child = Int(q.end)
                    }
                    if three { value *= scale }
                    b.x = sx / weight
                    b.y = sy / weight
                    bz = sz / weight
                    b.next = -1
                }
                b.value = value.isNaN ? 0 : value
                body[c] = b
                if three { depth[c] = bz }
            }
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
        let strengths: [Double]
        let x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?
        let vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>, vz: UnsafeMutablePointer<Double>?
        let cells: Int
        let alpha: Double
        let three: Bool
        let distanceMin2: Double
        let distanceMax2: Double

        /// Processes `order[from..<to]` without drawing random numbers; nodes that would need a jiggle are marked
        /// in `marks` and left unchanged. Returns whether any node was marked.
        func run(from: Int, to: Int) -> Bool {
            var marked = false
            for s in from..<to {
                let i = Int(order[s])
                if !node(i, random: nil) {
                    marks[i] = 1
                    marked = true
                }
            }
            return marked
        }

        /// Adds node `i`'s charge sum to its velocity in d3's visit order. Without a random source, returns false
        /// (changing nothing) as soon as a jiggle would be needed.
        func node(_ i: Int, random: RandomSource?) -> Bool {
            three ? node3D(i, random: random) : node2D(i, random: random)
        }

        private func node2D(_ i: Int, random: RandomSource?) -> Bool {
            let xi = x[i], yi = y[i]
            var vxi = vx[i], vyi = vy[i]
            let alpha = self.alpha, dmin2 = distanceMin2, dmax2 = distanceMax2
            var k = 0
            while k < cells {
                let c = bodies[k]
                if c.value == 0 {
                    k = Int(c.end)
                    continue
                }
                var dx = c.x - xi, dy = c.y - yi
                var l = dx * dx + dy * dy
                if c.limit < l {
                    if l < dmax2 {
                        if dx == 0 || dy == 0 {
                            guard let random else { return false }
                            if dx == 0 { dx = random.jiggle(); l += dx * dx }
                            if dy == 0 { dy = random.jiggle(); l += dy * dy }
                        }
                        if l < dmin2 { l = (dmin2 * l).squareRoot() }
                        vxi += dx * c.value * alpha / l
                        vyi += dy * c.value * alpha / l
                    }
                    k = Int(c.end)
                    continue
                }
                k += 1
                if c.head < 0 || l >= dmax2 { continue }
                let h = Int(c.head)
                if h == i && c.next < 0 { continue }
                if dx == 0 || dy == 0 {
                    guard let random else { return false }
                    if dx == 0 { dx = random.jiggle(); l += dx * dx }
                    if dy == 0 { dy = random.jiggle(); l += dy * dy }
                }
                if l < dmin2 { l = (dmin2 * l).squareRoot() }
                if c.next < 0 {
                    // A one-point leaf's value is its point's strength (a zero value was skipped above).
                    let w = c.value * alpha / l
                    vxi += dx * w
                    vyi += dy * w
                    continue
                }
                var p = h
                while p >= 0 {
                    if p != i {
                        let w = strengths[p] * alpha / l
                        vxi += dx * w
                        vyi += dy * w
                    }
                    p = Int(next[p])
                }
            }
            vx[i] = vxi
            vy[i] = vyi
            return true
        }

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
                            if dx == 0 { dx = random.jiggle(); l += dx * dx }
                            if dy == 0 { dy = random.jiggle(); l += dy * dy }
                            if dz == 0 { dz = random.jiggle(); l += dz * dz }
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
                if c.head < 0 || l >= dmax2 { continue }
                let h = Int(c.head)
                if h == i && c.next < 0 { continue }
                if dx == 0 || dy == 0 || dz == 0 {
                    guard let random else { return false }
                    if dx == 0 { dx = random.jiggle(); l += dx * dx }
                    if dy == 0 { dy = random.jiggle(); l += dy * dy }
                    if dz == 0 { dz = random.jiggle(); l += dz * dz }
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
