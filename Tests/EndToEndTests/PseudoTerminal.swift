import Foundation
import Glibc

/// Drives a program in a pseudo-terminal, as a person at a keyboard would.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    /// Everything the program has shown so far.
    private(set) var screen = ""

    /// Starts `path arguments...` on a new pseudo-terminal `columns` wide with `environment`, plus the sanitizers' options of the
    /// tests' own environment (scripts/sanitize sets them: without them a sanitized build would report leaks at exit, and
    /// with Swift's backtracer a report's abort would hang).
    init(_ path: String, _ arguments: [String], environment: [String: String], columns: UInt16 = 120) throws {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let sanitizers = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") || $0.key == "SWIFT_BACKTRACE" }
        let envp = environment.merging(sanitizers) { own, _ in own }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var window = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &window)
        if child == 0 {
            execve(path, argv, envp)
            _exit(127)
        }
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        guard child > 0 else { throw POSIXError(.EAGAIN) }
        master = fd
        pid = child
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Types `text` (use "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\t" for Tab).
    func type(_ text: String) {
        usleep(150_000)
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Waits until the screen shows `text` after position `from`; returns whether it did within `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, after from: String.Index? = nil, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            let start = from ?? screen.startIndex
            if screen[start...].contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The screen's end, to wait for output that comes after this point.
    var mark: String.Index {
        drain()
        return screen.endIndex
    }

    /// Waits for the program to exit and returns its exit status (nil if it did not exit in time).
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            drain()
            if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xff }
            usleep(20_000)
        }
        return nil
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            screen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }
}
