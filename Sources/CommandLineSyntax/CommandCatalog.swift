/// Every command this package builds, for the readers made from their declarations (`forcelab --api`, the man
/// page, the shell completion).
public enum CommandCatalog {
    /// `forcelab`, `forcelab sweep`, `forcelab grade` and `ForceBench`.
    public static let all = [ForcelabSyntax.command, SweepSyntax.command, GradeSyntax.command, ForceBenchSyntax.command]
}
