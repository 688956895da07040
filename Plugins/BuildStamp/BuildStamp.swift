import Foundation
import PackagePlugin

/// Before every build, writes BuildStamp.swift for the target it is applied to: the git commit the package's tree is
/// at and whether Package.swift, Sources and Plugins differ from it (`stampedCommit`, `stampedTreeClean`). It runs
/// the package's own script, git through /bin/sh, and fetches nothing; outside a git checkout of the package itself
/// (a source archive, perhaps unpacked inside another repository; no git) the commit is empty. The file is rewritten only when its text changes, so an unchanged tree rebuilds nothing.
@main
struct BuildStamp: BuildToolPlugin {
    /// The prebuild command that writes the stamp.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("stamp")
        let script = """
            set -u
            root="$1"; folder="$2"
            mkdir -p "$folder"
            commit="$(git -C "$root" rev-parse --verify -q HEAD 2>/dev/null || true)"
            # Only the package's own repository counts, not one that happens to hold its folder.
            top="$(git -C "$root" rev-parse --show-toplevel 2>/dev/null || true)"
            if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$(cd "$root" && pwd -P)" ]; then commit=""; fi
            clean=nil
            if [ -n "$commit" ]; then
                changes="$(git -C "$root" status --porcelain --untracked-files=all -- Package.swift Sources Plugins 2>/dev/null)" \\
                    && { if [ -z "$changes" ]; then clean=true; else clean=false; fi; }
            fi
            temporary="$folder/BuildStamp.swift.new"
            printf '%s\\n' "// Written by the BuildStamp plugin before each build." \\
                "let stampedCommit = \\"$commit\\"" "let stampedTreeClean: Bool? = $clean" > "$temporary"
            if cmp -s "$temporary" "$folder/BuildStamp.swift"; then rm -f "$temporary"; else mv "$temporary" "$folder/BuildStamp.swift"; fi
            """
        return [
            .prebuildCommand(
                displayName: "Stamping the build with its git commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp", context.package.directoryURL.path, output.path],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                outputFilesDirectory: output),
        ]
    }
}
