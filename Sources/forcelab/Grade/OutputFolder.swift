import CommandLineSyntax
import Foundation

/// The folder grading may write under (`--out`): made when missing, and the folders made removed again at the end
/// when nothing was written there, so a run that writes nothing leaves no empty `out/` behind.
struct OutputFolder {
    /// The folders this run made, the deepest first.
    private let made: [String]

    /// Makes `path` and its missing parents; a usage error naming `--out` when it cannot.
    init(_ path: String) throws {
        var missing: [String] = []
        var folder = path
        while !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            missing.append(folder)
            folder = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UsageError("'--out': cannot make the folder '\(path)'")
        }
        made = missing
    }

    /// Removes the folders this run made, deepest first, while each is empty (rmdir leaves a folder with anything in it).
    func removeIfEmpty() {
        for folder in made {
            guard rmdir(folder) == 0 else { return }
        }
    }
}
