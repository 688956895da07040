import DataTables
import Foundation

/// The files a sweep worker's spec reads, as the spec names them: those read while it loaded (modules it requires)
/// and those the current case reads; a record carries their SHA-256 digests.
final class CaseFiles: @unchecked Sendable {
    private let lock = NSLock()
    /// The files read while the spec loaded.
    private var loaded: Set<String> = []
    /// The files read since the spec loaded or the current case began (with `loaded`).
    private var read: Set<String> = []
    /// Digests already taken, by path, with the file's identity and change time then.
    private var digests: [String: (stamp: [Int], digest: String)] = [:]

    /// Notes a file read (a write is no input and is not noted).
    func note(_ path: String, writing: Bool) {
        guard !writing, !path.isEmpty else { return }
        lock.withLock { _ = read.insert(path) }
    }

    /// Marks the end of the spec's loading: what it read so far belongs to every case.
    func specLoaded() {
        lock.withLock { loaded = read }
    }

    /// Starts a case: forgets what the previous case read.
    func caseStarts() {
        lock.withLock { read = loaded }
    }

    /// `{path: sha256}` of the regular files read, sorted by path (a path that names no file, a refused or failed
    /// read, is left out). A digest is taken again only when the file changed since.
    func digestFields() throws -> [JSONField] {
        let paths = lock.withLock { read }.sorted()
        return try paths.compactMap { path in
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            let stamp = [Int(status.st_dev), Int(status.st_ino), Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
            if let known = lock.withLock({ digests[path] }), known.stamp == stamp { return JSONField(path, .string(known.digest)) }
            let digest = try FileDigest.sha256(path)
            lock.withLock { digests[path] = (stamp, digest) }
            return JSONField(path, .string(digest))
        }
    }
}
