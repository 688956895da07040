/// Every command this package builds, for the readers made from their declarations (`forcelab --api`, the man
/// page, the shell completion).
public enum CommandCatalog {
    /// `forcelab`, `forcelab sweep`, `forcelab grade`, `forcelab kernel`, `forcelab kernel install` and `ForceBench`.
    public static let all = [
        ForcelabSyntax.command, SweepSyntax.command, GradeSyntax.command, KernelSyntax.command, KernelInstallSyntax.command,
        ForceBenchSyntax.command,
    ]
}
