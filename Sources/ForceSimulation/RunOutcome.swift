/// Why `Simulation.run` returned.
public enum RunOutcome: Equatable, Sendable {
    /// Alpha fell below alphaMin; the end handlers ran.
    case converged
    /// The tick limit was reached first.
    case tickLimit
    /// `shouldStop` returned true (for example after Ctrl-C).
    case interrupted
}
