#if canImport(Glibc)
import Glibc
#endif

/// A pipe the server's thread writes to when received events wait: the owner polls `descriptor` with its other
/// inputs (the REPL's standard input, the kernel's sockets) and drains it when it takes the events.
final class Wakeup: @unchecked Sendable {
    /// The end that reads as ready while a signal is pending.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw LiveServerError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    /// Marks the descriptor ready (from any thread); a full pipe is ready already.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Clears pending signals.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }
}
