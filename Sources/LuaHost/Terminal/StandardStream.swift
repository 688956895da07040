import Foundation
import Glibc

/// Writes to stdout or stderr after what C's stdio holds (so the text keeps its place among what Lua's `print` and
/// `io.write` wrote), reporting a failed write (a full disk) instead of trapping as `FileHandle.write` does.
enum StandardStream {
    /// Writes `text` to stdout; throws an error naming the stream when it cannot be written.
    static func writeOutput(_ text: String) throws {
        if let failure = write(text, to: STDOUT_FILENO) { throw LuaError("cannot write to stdout: \(failure)") }
    }

    /// Writes `text` to stderr; a failure is ignored (what goes there is a display for a person).
    static func writeDisplay(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Flushes C's streams, then writes all of `text`; returns why it failed, or nil.
    private static func write(_ text: String, to descriptor: Int32) -> String? {
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
