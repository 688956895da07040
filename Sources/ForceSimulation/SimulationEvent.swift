/// Events a simulation reports while it runs.
public enum SimulationEvent: Sendable {
    /// After each tick of `run` (not of `tick`, as in d3).
    case tick
    /// When `run` finds alpha below alphaMin.
    case end
}
