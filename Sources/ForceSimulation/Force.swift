/// A force: bound to a simulation's kinetics and random source, then applied once per tick with the current alpha.
///
/// The set of forces is open: code outside the engine (such as a scripting binding) implements this protocol.
public protocol Force: AnyObject {
    /// Binds the force to `kinetics` and the shared `random` source and evaluates its parameters; called when the
    /// force is added and again whenever the node set or the random source changes.
    func initialize(kinetics: Kinetics, random: RandomSource) throws

    /// Adds this force's effect for one tick, usually to velocities; `alpha` is the tick's cooling factor.
    func apply(alpha: Double) throws

    /// Whether the next `apply` changes nothing but velocities (and the force's own state): no positions (d3's
    /// center force moves them), and no outside code, such as parameter functions, that could change anything
    /// else. While such forces run, the simulation may prepare later forces from the positions on another thread.
    /// Default: false.
    var changesOnlyVelocities: Bool { get }
}

extension Force {
    /// By default a force may change anything.
    public var changesOnlyVelocities: Bool { false }
}

/// A force that also holds the positions to a rule once each tick's integration is done (boxes apart, children
/// inside their frames), as constrained layouts project: what the layout ends with obeys the rule exactly.
public protocol PositionConstraint: Force {
    /// Moves positions (and sizes it owns) towards the rule: one pass while the layout is hot, or until the rule
    /// holds when `thorough` (once alpha is below alphaMin, so the tick a run ends with); returns whether anything
    /// moved.
    func project(thorough: Bool) throws -> Bool
}

/// A force with work that reads only positions (and its own state), which the simulation may do before `apply`
/// while earlier forces that change only velocities are applied on another thread.
protocol PreparedForce: Force {
    /// Whether preparing ahead pays: there is enough work for a second thread.
    var preparesAhead: Bool { get }

    /// Does the work ahead from the current positions; the next `apply` uses it.
    func prepare()

    /// Forgets the work done ahead (its tick ended before `apply`).
    func discardPreparation()
}

/// A force made from its settings alone (each with its default and range in `Settings`), as d3's own forces are.
public protocol SettingsForce: Force {
    /// The force's settings, every one at its default in `Settings()`.
    associatedtype Settings
    /// The force with `settings`.
    init(_ settings: Settings)
}
