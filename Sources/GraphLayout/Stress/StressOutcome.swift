/// What a stress layout did.
public struct StressOutcome: Equatable, Sendable {
    /// The majorization sweeps run.
    public var iterations: Int
    /// True when a sweep lowered the stress by less than the tolerance before the sweeps ran out.
    public var converged: Bool
    /// True when the sparse model (pivots) stood in for all pairs of nodes.
    public var sparse: Bool
}
