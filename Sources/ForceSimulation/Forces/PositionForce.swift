/// d3's x, y (and d3-force-3d's z) positioning force: pulls each node's coordinate towards a target,
/// v += (target - position) * strength * alpha.
public final class PositionForce: Force {
    /// The coordinate a position force acts on.
    public enum Axis: Int, Sendable {
        /// forceX.
        case x
        /// forceY.
        case y
        /// forceZ (3D only).
        case z
    }

    /// The axis this force acts on.
    public let axis: Axis
    /// Per-node target coordinate (default 0); a NaN target gives strength 0, as in d3.
    public var target: NodeParameter {
        didSet { stale = true }
    }
    /// Per-node strength (default 0.1).
    public var strength: NodeParameter {
        didSet { stale = true }
    }
    private var kinetics: Kinetics?
    private var targets: [Double] = []
    private var strengths: [Double] = []
    private var stale = true

    /// The force's settings, with d3's defaults written here once: what a host declares the force's options from.
    public struct Settings {
        /// Per-node target coordinate; NaN: no pull.
        public var target: NodeParameter = 0
        /// Per-node share of the distance closed per tick, times alpha.
        public var strength: NodeParameter = 0.1

        /// Every setting at d3's default.
        public init() {}

        /// The range a numeric setting must lie in (nil: any finite number).
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? { nil }
    }

    /// Creates the force on `axis` with `settings`.
    public convenience init(axis: Axis, _ settings: Settings) {
        self.init(axis: axis, target: settings.target, strength: settings.strength)
    }

    /// Creates the force on `axis`, with d3's defaults (`Settings`) for what is not given.
    public init(axis: Axis, target: NodeParameter = Settings().target, strength: NodeParameter = Settings().strength) {
        self.axis = axis
        self.target = target
        self.strength = strength
    }

    /// True unless parameters changed since they were evaluated (their functions run in the next `apply`).
    public var changesOnlyVelocities: Bool { !stale }

    /// Binds to the kinetics and evaluates targets and strengths (the strength only where the target is a number).
    public func initialize(kinetics: Kinetics, random: RandomSource) throws {
        if axis == .z && kinetics.dimensions != 3 {
            throw SimulationError.axisUnavailable("a z force needs a simulation in 3 dimensions")
        }
        self.kinetics = kinetics
        try evaluate()
    }

    /// Adds (target - position) * strength * alpha to each node's velocity on the axis.
    public func apply(alpha: Double) throws {
        guard let k = kinetics else { return }
        if stale { try evaluate() }
        let p = k.position(axis: axis.rawValue), v = k.velocity(axis: axis.rawValue)
        for i in 0..<k.count {
            v[i] += (targets[i] - p[i]) * strengths[i] * alpha
        }
    }

    private func evaluate() throws {
        guard let kinetics else { return }
        (targets, strengths) = try ElementParameter.goalsAndStrengths(target, strength, count: kinetics.count)
        stale = false
    }
}
