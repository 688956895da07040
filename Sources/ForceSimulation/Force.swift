/// A force: bound to a simulation's kinetics and random source, then applied once per tick with the current alpha.
///
/// The set of forces is open: code outside the engine (such as a scripting binding) implements this protocol.
public protocol Force: AnyObject {
    /// Binds the force to `kinetics` and the shared `random` source and evaluates its parameters; called when the
    /// force is added and again whenever the node set or the random source changes.
    func initialize(kinetics: Kinetics, random: RandomSource) throws

    /// Adds this force's effect for one tick, usually to velocities; `alpha` is the tick's cooling factor.
    func apply(alpha: Double) throws
}
