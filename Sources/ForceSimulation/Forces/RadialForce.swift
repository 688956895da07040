/// d3's radial force: pulls each node towards a circle (sphere in 3D) of a per-node radius around a fixed centre,
/// v += d * (radius - r) * strength * alpha / r with d = position - centre (a zero component becomes 1e-6).
public final class RadialForce: Force, SettingsForce {
    /// Per-node radius of the circle; a NaN radius gives strength 0, as in d3.
    public var radius: NodeParameter {
        didSet { stale = true }
    }
    /// Per-node strength (default 0.1).
    public var strength: NodeParameter {
        didSet { stale = true }
    }
    /// Centre x (default 0).
    public var x: Double
    /// Centre y (default 0).
    public var y: Double
    /// Centre z (default 0; used in 3D).
    public var z: Double
    private var kinetics: Kinetics?
    private var radii: [Double] = []
    private var strengths: [Double] = []
    private var stale = true

    /// The force's settings, with d3's defaults written here once: what a host declares the force's options from.
    public struct Settings {
        /// Per-node target distance from the centre.
        public var radius: NodeParameter = 0
        /// Centre x.
        public var x = 0.0
        /// Centre y.
        public var y = 0.0
        /// Centre z (used in 3D).
        public var z = 0.0
        /// Per-node share of the distance closed per tick, times alpha.
        public var strength: NodeParameter = 0.1

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? { nil }
    }

    /// Creates the force with `settings`.
    public convenience init(_ settings: Settings) {
        self.init(radius: settings.radius, x: settings.x, y: settings.y, z: settings.z, strength: settings.strength)
    }

    /// Creates the force, with d3's defaults (`Settings`) for what is not given but the radius.
    public init(
        radius: NodeParameter, x: Double = Settings().x, y: Double = Settings().y, z: Double = Settings().z,
        strength: NodeParameter = Settings().strength
    ) {
        self.radius = radius
        self.strength = strength
        self.x = x
        self.y = y
        self.z = z
    }

    /// True unless parameters changed since they were evaluated (their functions run in the next `apply`).
    public var changesOnlyVelocities: Bool { !stale }

    /// Binds to the kinetics and evaluates radii and strengths (the strength only where the radius is a number).
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
        try evaluate()
    }

    /// Adds the radial pull to every node's velocity.
    public func apply(alpha: Double) throws {
        guard let k = kinetics else { return }
        if stale { try evaluate() }
        let three = k.dimensions == 3
        for i in 0..<k.count {
            let dx = RadialForce.nonzero(k.x[i] - x)
            let dy = RadialForce.nonzero(k.y[i] - y)
            let dz = three ? RadialForce.nonzero(k.z[i] - z) : 0
            let r = three ? (dx * dx + dy * dy + dz * dz).squareRoot() : (dx * dx + dy * dy).squareRoot()
            let f = (radii[i] - r) * strengths[i] * alpha / r
            k.vx[i] += dx * f
            k.vy[i] += dy * f
            if three { k.vz[i] += dz * f }
        }
    }

    /// JavaScript's `d || 1e-6`: zero and NaN become 1e-6.
    private static func nonzero(_ d: Double) -> Double {
        d == 0 || d.isNaN ? 1e-6 : d
    }

    private func evaluate() throws {
        guard let kinetics else { return }
        (radii, strengths) = try ElementParameter.goalsAndStrengths(radius, strength, count: kinetics.count)
        stale = false
    }
}
