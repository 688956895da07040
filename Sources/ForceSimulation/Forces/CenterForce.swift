/// d3's centering force: shifts every position (not velocity) so the mean moves towards the centre by `strength`;
/// ignores alpha and includes fixed nodes in the mean.
public final class CenterForce: Force, SettingsForce {
    /// Centre x (default 0).
    public var x: Double
    /// Centre y (default 0).
    public var y: Double
    /// Centre z (default 0; used in 3D).
    public var z: Double
    /// Fraction of the offset removed per tick (default 1).
    public var strength: Double
    private var kinetics: Kinetics?

    /// The force's settings, with d3's defaults written here once: what a host declares the force's options from.
    public struct Settings {
        /// Centre x.
        public var x = 0.0
        /// Centre y.
        public var y = 0.0
        /// Centre z (used in 3D).
        public var z = 0.0
        /// Fraction of the offset removed per tick.
        public var strength = 1.0

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? { nil }
    }

    /// Creates the force with `settings`.
    public convenience init(_ settings: Settings) {
        self.init(x: settings.x, y: settings.y, z: settings.z, strength: settings.strength)
    }

    /// Creates the force, with d3's defaults (`Settings`) for what is not given.
    public init(x: Double = Settings().x, y: Double = Settings().y, z: Double = Settings().z, strength: Double = Settings().strength) {
        self.x = x
        self.y = y
        self.z = z
        self.strength = strength
    }

    /// Binds to the kinetics.
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
    }

    /// Moves every node by (mean - centre) * strength, per axis.
    public func apply(alpha: Double) throws {
        guard let k = kinetics, k.count > 0 else { return }
        CenterForce.shift(k.x, centre: x, strength: strength)
        CenterForce.shift(k.y, centre: y, strength: strength)
        if k.dimensions == 3 { CenterForce.shift(k.z, centre: z, strength: strength) }
    }

    private static func shift(_ p: UnsafeMutableBufferPointer<Double>, centre: Double, strength: Double) {
        var sum = 0.0
        for v in p { sum += v }
        let s = (sum / Double(p.count) - centre) * strength
        for i in p.indices { p[i] -= s }
    }
}
