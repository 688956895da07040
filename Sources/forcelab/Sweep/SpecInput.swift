import Foundation

/// A spec's standard input is /dev/null, in the sweep and in each worker: a spec that reads it (`io.read()`) gets
/// end of file at once, so it neither waits on the terminal nor takes the cases a worker is sent on its own standard
/// input (which the worker reads through another descriptor).
enum SpecInput {
    /// Moves what is on standard input to a new descriptor, returned (close-on-exec, so no command the spec starts
    /// holds it), and opens /dev/null in its place; nil when the descriptor cannot be moved.
    static func detach() -> Int32? {
        let moved = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        let null = open("/dev/null", O_RDONLY)
        defer { if null >= 0 { close(null) } }
        guard moved >= 0, null >= 0, dup2(null, STDIN_FILENO) == STDIN_FILENO else { return nil }
        clearerr(stdin)
        return moved
    }
}
