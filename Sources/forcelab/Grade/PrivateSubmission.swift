import Foundation

/// A private copy of one submission of a class, made for its grading run alone, so that the run can read only what
/// the student handed in, however the class's files lie: the submission's own folder (when it is the only submission
/// there) or the one file (when several share the folder, as an LMS's flat export does). Symbolic links are not
/// copied, and a submission that is one is refused, so no run grades the file a link points to. The copy keeps the
/// submission's name, and the run names it in messages as the teacher gave it (`shownAsVariable`).
struct PrivateSubmission {
    /// The environment variable telling a class's grading run the path the teacher gave for the copy it grades.
    static let shownAsVariable = "FORCELAB_GRADE_SUBMISSION"
    /// The most files and bytes a submission's folder may hold to be copied whole; beyond them only the file is.
    static let mostFiles = 1000
    static let mostBytes = 64 << 20

    /// Why a submission cannot be graded apart.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The private folder (mode 0700).
    let root: String
    /// The copy's path, in `root`.
    let path: String
    /// Where the run writes its verdict (`VerdictFile`), outside the folders the submission may read or write.
    var verdictPath: String { root + "/verdict.json" }

    /// Copies `submission` (its folder too, unless `sharingItsFolder`, leaving out `excluded` folders such as the
    /// exercise's and the output's) into a new private folder.
    init(_ submission: String, sharingItsFolder: Bool, excluding excluded: [String]) throws {
        try PrivateSubmission.checkIsAFile(submission)
        var template = Array((URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("forcelab-grade-XXXXXX").path).utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Refusal(description: "cannot make a private folder to grade '\(submission)': \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        let source = URL(fileURLWithPath: submission).standardizedFileURL
        let relative = PrivateSubmission.relativePath(submission, source)
        let target = URL(fileURLWithPath: root).appendingPathComponent(relative)
        path = target.path
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let folder = source.deletingLastPathComponent()
            if !sharingItsFolder, let files = PrivateSubmission.files(in: folder, excluding: excluded + [root]) {
                for file in files {
                    let copy = target.deletingLastPathComponent().appendingPathComponent(file)
                    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: folder.appendingPathComponent(file), to: copy)
                }
            } else {
                try FileManager.default.copyItem(at: source, to: target)
            }
        } catch {
            remove()
            throw Refusal(description: "cannot copy the submission '\(submission)' to grade it apart: \(error.localizedDescription)")
        }
    }

    /// Refuses a submission that is not a regular file: a symbolic link (graded, it would be the file it points to,
    /// such as a model solution), a folder or a device.
    static func checkIsAFile(_ submission: String) throws {
        var status = stat()
        guard lstat(submission, &status) == 0 else {
            throw Refusal(description: "cannot read the submission '\(submission)': \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT != S_IFLNK else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: submission)) ?? "?"
            throw Refusal(description: "the submission '\(submission)' is a symbolic link (to '\(target)'), not a file handed in: "
                          + "it is not graded")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "the submission '\(submission)' is not a regular file")
        }
    }

    /// Removes the private folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The path the copy has in the private folder: the given one when it is relative and stays inside, else the
    /// folder's name and the file's.
    private static func relativePath(_ given: String, _ source: URL) -> String {
        let parts = given.split(separator: "/").filter { $0 != "." }
        if !given.hasPrefix("/"), !parts.contains("..") { return parts.joined(separator: "/") }
        let folder = source.deletingLastPathComponent().lastPathComponent
        return (folder.isEmpty || folder == "/" ? "" : folder + "/") + source.lastPathComponent
    }

    /// The regular files under `folder` (relative paths), not following links nor entering `excluded` folders or
    /// hidden ones; nil when there are more than `mostFiles` or `mostBytes` in all.
    private static func files(in folder: URL, excluding excluded: [String]) -> [String]? {
        let skipped = Set(excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path })
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isSymbolicLinkKey, .isRegularFileKey, .fileSizeKey],
                                                        options: [.skipsHiddenFiles]) else { return nil }
        var files: [String] = [], bytes = 0
        let base = folder.resolvingSymlinksInPath().path
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey, .isRegularFileKey, .fileSizeKey])
            if values?.isSymbolicLink == true { continue }
            let resolved = url.resolvingSymlinksInPath().path
            if skipped.contains(resolved) {
                walk.skipDescendants()
                continue
            }
            guard values?.isRegularFile == true else { continue }
            bytes += values?.fileSize ?? 0
            files.append(String(resolved.dropFirst(base.count + 1)))
            if files.count > mostFiles || bytes > mostBytes { return nil }
        }
        return files
    }
}
