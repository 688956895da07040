import CommandLineSyntax
import Foundation

/// Standard output and error of the kernel process turned into a notebook's `stream` outputs: both descriptors
/// become pipes that a thread reads, handing what comes to `publish` as it comes (so `print` in a long cell shows at
/// once). `drain` hands over everything written so far, so a picture or result published next comes after it.
final class OutputCapture {
    private let pipes: [(name: String, read: Int32)]
    private let lock = NSLock()
    private let publish: (_ stream: String, _ text: String) -> Void
    /// The descriptor standard error had before: the kernel's own log, which the Jupyter server shows.
    let logDescriptor: Int32

    /// Redirects descriptors 1 and 2 (and reads of 0 find end of file); `publish` gets each piece with its stream's
    /// name, `stdout` or `stderr`, on the reading thread or the thread that drains.
    init(publish: @escaping (_ stream: String, _ text: String) -> Void) throws {
        self.publish = publish
        logDescriptor = dup(STDERR_FILENO)
        var made: [(String, Int32)] = []
        for (name, descriptor) in [("stdout", STDOUT_FILENO), ("stderr", STDERR_FILENO)] {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0, dup2(ends[1], descriptor) >= 0 else {
                throw UsageError("cannot capture \(name): \(String(cString: strerror(errno)))")
            }
            close(ends[1])
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            made.append((name, ends[0]))
        }
        pipes = made
        let empty = open("/dev/null", O_RDONLY)
        if empty >= 0 {
            dup2(empty, STDIN_FILENO)
            close(empty)
        }
        setvbuf(stdout, nil, _IOLBF, 0)
        let thread = Thread { [self] in forward() }
        thread.name = "output"
        thread.start()
    }

    /// Hands everything written to stdout and stderr so far to `publish`.
    func drain() {
        fflush(nil)
        lock.lock()
        defer { lock.unlock() }
        for pipe in pipes { readAvailable(pipe) }
    }

    /// Writes `text` to the kernel's log (the Jupyter server's terminal), never to a cell.
    func log(_ text: String) {
        _ = text.withCString { write(logDescriptor, $0, strlen($0)) }
    }

    /// The reading thread: waits for either pipe and forwards what it holds.
    private func forward() {
        var polled = pipes.map { pollfd(fd: $0.read, events: Int16(POLLIN), revents: 0) }
        while true {
            guard poll(&polled, nfds_t(polled.count), -1) > 0 else { continue }
            lock.lock()
            for pipe in pipes { readAvailable(pipe) }
            lock.unlock()
        }
    }

    /// Reads what `pipe` holds now and publishes it (invalid UTF-8 is repaired; a character cut between two reads is
    /// read whole next time).
    private func readAvailable(_ pipe: (name: String, read: Int32)) {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(pipe.read, &buffer, buffer.count)
            if count > 0 {
                collected += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        guard !collected.isEmpty else { return }
        publish(pipe.name, String(decoding: collected, as: UTF8.self))
    }
}
