/// What build of forcelab is running: its version, the git commit it was built from (stamped before each build by
/// the BuildStamp plugin) and whether the tree had changes, and how its engine was compiled. Records of runs carry it.
public enum BuildInfo {
    /// The release version, reported by `forcelab -v`, `forcelab.version` and every record.
    public static let version = "0.1.0"

    /// The commit the build's tree was at (40 hex digits), or nil when it was built outside a git checkout.
    public static let commit: String? = stampedCommit.isEmpty ? nil : stampedCommit

    /// Whether Package.swift, Sources and Plugins were as committed (no changed, added or deleted file) when built;
    /// nil when unknown (no commit).
    public static let treeClean: Bool? = stampedTreeClean

    /// "native" when the engine was compiled for the building machine's vector units (FORCELAB_NATIVE=1 release
    /// builds, docs/scale.md), else "portable" (any x86-64).
    public static var engineBuild: String {
        #if FORCELAB_ENGINE_VECTOR_UNITS
        return "native"
        #else
        return "portable"
        #endif
    }

    /// "release" or "debug".
    public static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// `6f33d27…` with "(clean)", "(changed)", or "unknown (built outside git)".
    public static var commitText: String {
        guard let commit else { return "unknown (built outside a git checkout)" }
        switch treeClean {
        case true?: return commit
        case false?: return commit + " with uncommitted changes"
        case nil: return commit + " (whether the tree had changes is unknown)"
        }
    }
}
