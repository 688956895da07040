/// d3's collision force: treats nodes as circles (spheres in 3D) of a per-node radius and pushes overlapping pairs
/// apart, found with a tree over the predicted positions x + v. Ignores alpha.
public final class CollideForce: Force {
    /// Per-node radius (default 1).
    public var radius: NodeParameter {
        didSet { stale = true }
    }
    /// Fraction of the overlap resolved per iteration (default 1).
    public var strength: Double
    /// Passes per tick (default 1).
    public var iterations: Int

    private var kinetics: Kinetics?
    private var random: RandomSource?
    private var radii: [Double] = []
    private var stale = true
    private let tree = SpatialTree()
    private let predicted = ScratchBuffer<Double>()
    private let reach = ScratchBuffer<Double>()

    /// The force's settings, with d3's defaults written here once: what a host declares the force's options from.
    public struct Settings {
        /// Per-node radius.
        public var radius: NodeParameter = 1
        /// Fraction of an overlap resolved per pass.
        public var strength = 1.0
        /// Passes per tick.
        public var iterations = 1

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            setting == \Settings.iterations ? 0...1000 : nil
        }
    }

    /// Creates the force with `settings`.
    public convenience init(_ settings: Settings) {
        self.init(radius: settings.radius, strength: settings.strength, iterations: settings.iterations)
    }

    /// Creates the force, with d3's defaults (`Settings`) for what is not given.
    public init(radius: NodeParameter = Settings().radius, strength: Double = Settings().strength, iterations: Int = Settings().iterations) {
        self.radius = radius
        self.strength = strength
        self.iterations = iterations
    }

    /// True unless parameters changed since they were evaluated (their functions run in the next `apply`).
    public var changesOnlyVelocities: Bool { !stale }

    /// Binds to the kinetics and random source and evaluates the radii.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
        self.random = random
        try evaluate()
    }

    /// Separates overlapping nodes, `iterations` times (none when it is not positive).
    public func apply(alpha: Double) throws {
        guard let k = kinetics, let random, k.count > 0 else { return }
        if stale { try evaluate() }
        let n = k.count, d = k.dimensions, three = d == 3
        predicted.reserve(n * d)
        let px = predicted.base, py = px + n, pz = three ? px + 2 * n : nil
        let x = k.x, y = k.y, z = k.z, vx = k.vx, vy = k.vy, vz = k.vz
        for _ in 0..<max(0, iterations) {
            for i in 0..<n {
                px[i] = x[i] + vx[i]
                py[i] = y[i] + vy[i]
                if let pz { pz[i] = z[i] + vz[i] }
            }
            tree.build(count: n, dimensions: d, x: px, y: py, z: pz)
            prepare()
            let cells = tree.cellCount, end = tree.end.base, head = tree.head.base, bounds = tree.bounds.base
            let reach = self.reach.base, stride = 2 * d
            for i in 0..<n {
                let ri = radii[i], ri2 = ri * ri
                let xi = x[i] + vx[i], yi = y[i] + vy[i], zi = three ? z[i] + vz[i] : 0
                var c = 0
                while c < cells {
                    let rj = reach[c]
                    let r = ri + rj
                    let j = Int(head[c])
                    if j < 0 {
                        let b = bounds + c * stride
                        let outside = b[0] > xi + r || b[d] < xi - r || b[1] > yi + r || b[d + 1] < yi - r
                            || (three && (b[2] > zi + r || b[5] < zi - r))
                        c = outside ? Int(end[c]) : c + 1
                        continue
                    }
                    c += 1
                    if j <= i { continue }
                    var dx = xi - x[j] - vx[j], dy = yi - y[j] - vy[j]
                    var dz = three ? zi - z[j] - vz[j] : 0
                    var l = three ? dx * dx + dy * dy + dz * dz : dx * dx + dy * dy
                    if !(l < r * r) { continue }
                    if dx == 0 { dx = random.jiggle(); l += dx * dx }
                    if dy == 0 { dy = random.jiggle(); l += dy * dy }
                    if three && dz == 0 { dz = random.jiggle(); l += dz * dz }
                    let root = l.squareRoot()
                    let push = (r - root) / root * strength
                    dx *= push
                    dy *= push
                    let rj2 = rj * rj
                    let share = rj2 / (ri2 + rj2)
                    vx[i] += dx * share
                    vy[i] += dy * share
                    let rest = 1 - share
                    vx[j] -= dx * rest
                    vy[j] -= dy * rest
                    if three {
                        dz *= push
                        vz[i] += dz * share
                        vz[j] -= dz * rest
                    }
                }
            }
        }
    }

    /// d3's visitAfter(prepare): a leaf's reach is its head point's radius, an internal cell's the largest of its
    /// children's.
    private func prepare() {
        let cells = tree.cellCount
        reach.reserve(cells)
        let reach = self.reach.base, end = tree.end.base, head = tree.head.base
        for c in stride(from: cells - 1, through: 0, by: -1) {
            let h = Int(head[c])
            if h >= 0 {
                reach[c] = radii[h]
                continue
            }
            var r = 0.0
            var child = c + 1
            while child < Int(end[c]) {
                if reach[child] > r { r = reach[child] }
                child = Int(end[child])
            }
            reach[c] = r
        }
    }

    private func evaluate() throws {
        guard let kinetics else { return }
        radii = try (0..<kinetics.count).map { try radius.value($0) }
        stale = false
    }
}
