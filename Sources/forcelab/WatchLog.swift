import Foundation
import GraphModel
import LuaHost

/// The run's side of `forcelab --watch`: notes every file the run reads or writes in the log the watch names in
/// `WatchLog.variable`, one line each (`read PATH` or `wrote PATH`, absolute), as it happens, so a run that ends in
/// an error or `os.exit` still tells, through `FileUseHooks`.
enum WatchLog {
    /// The environment variable through which `--watch` hands the log's path to each run.
    static let variable = "FORCELAB_WATCH_LOG"

    nonisolated(unsafe) private static var descriptor: Int32 = -1
    private static let lock = NSLock()

    /// Opens the log at `path` and starts noting the files `lua` uses.
    static func start(_ path: String, in lua: LuaState) throws {
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw LuaError("--watch: cannot write the log '\(path)'") }
        try FileUseHooks.install(in: lua) { path, writing in note(path, writing: writing) }
    }

    /// Adds a line for `path` (made absolute from the current folder, `.` and `..` resolved).
    static func note(_ path: String, writing: Bool) {
        guard !path.isEmpty, !path.contains("\n") else { return }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let line = Array(((writing ? "wrote " : "read ") + absolute + "\n").utf8)
        lock.withLock {
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// The lines of the log at `path`: the files read and the files written, each in first-use order.
    static func read(_ path: String) -> (read: [String], wrote: [String]) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var read: [String] = [], wrote: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("read ") {
                read.append(String(line.dropFirst(5)))
            } else if line.hasPrefix("wrote ") {
                wrote.append(String(line.dropFirst(6)))
            }
        }
        return (read, wrote)
    }
}
