import DataTables
import Foundation

/// One `forcelab sweep --worker` process, fed cases over a pipe and answering each with a line, in order.
final class WorkerProcess {
    /// What a worker made of a case.
    enum Reply {
        /// The worker has loaded the spec.
        case ready
        /// The case's record line.
        case record(String)
        /// The case raised an error (the message).
        case failure(String)
        /// The worker died or broke the protocol (why).
        case stopped(String)
    }

    private let process = Process()
    private let input: FileHandle
    private let replies: LineReader
    private let output: Pipe
    private let messages = Pipe()
    private let forwarded = DispatchSemaphore(value: 0)

    /// Starts a worker for the spec and waits until it has loaded it; a failure to load is thrown once the worker has
    /// exited and what it wrote has been handed on. What the worker writes to standard error (the spec's prints and
    /// warnings) is handed to `say` line by line, so the sweep's own terminal lines stay whole; the worker's standard
    /// error is then no terminal, so a `sim:run` in the spec draws no progress bar of its own over the sweep's.
    init(spec: String, arguments: [String], say: @escaping @Sendable (String) -> Void) throws {
        let inputPipe = Pipe()
        output = Pipe()
        process.executableURL = URL(fileURLWithPath: WorkerProcess.executable)
        process.arguments = ["sweep", "--worker", "--", spec] + arguments
        process.standardInput = inputPipe
        process.standardOutput = output
        process.standardError = messages
        input = inputPipe.fileHandleForWriting
        replies = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)
        try process.run()
        let lines = LineReader(descriptor: messages.fileHandleForReading.fileDescriptor)
        // The thread keeps the pipe, so its descriptor stays open while it reads, however soon this object goes (a
        // worker that failed to start, a command the spec left running): closed, its number could be another pipe's.
        Thread { [forwarded, messages] in
            withExtendedLifetime(messages) {
                while let line = lines.next() { say(line) }
                if let last = lines.remainder { say(last) }
            }
            forwarded.signal()
        }.start()
        let failure: String
        switch receive() {
        case .ready: return
        case .failure(let message), .stopped(let message): failure = message
        case .record(let line): failure = "the worker answered '\(line)' instead of 'ready'"
        }
        stop()
        throw SweepError(failure)
    }

    /// The worker's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// This program's own path.
    private static let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]

    /// Sends a case; its reply comes back, in order, from `receive`. Returns false when the worker is gone.
    func send(_ sweepCase: SweepCase) -> Bool {
        (try? input.write(contentsOf: Data((sweepCase.key + "\n").utf8))) != nil
    }

    /// Reads the reply to the oldest case sent and not yet answered.
    func receive() -> Reply {
        guard let line = replies.next() else { return .stopped(ended()) }
        if line == "ready" { return .ready }
        if line.hasPrefix("ok ") { return .record(String(line.dropFirst(3))) }
        for (prefix, make) in [("error ", Reply.failure), ("fatal ", Reply.stopped)] where line.hasPrefix(prefix) {
            if case .string(let message)? = try? JSONValue.parse(line.dropFirst(prefix.count)) { return make(message) }
        }
        return .stopped("the worker answered '\(line)'")
    }

    /// How the worker ended, once its output has closed.
    private func ended() -> String {
        waitForExit()
        let how = process.terminationReason == .uncaughtSignal ? "was killed by signal" : "exited with status"
        return "the worker process \(how) \(process.terminationStatus)"
    }

    /// Closes the worker's input (it exits when it has read everything) and waits for it.
    func stop() {
        try? input.close()
        waitForExit()
    }

    /// Waits for the worker to exit and for what it wrote to standard error to be handed on; a process the spec
    /// started that keeps the worker's standard error open (a command left running) is waited for one second at most.
    private func waitForExit() {
        process.waitUntilExit()
        if forwarded.wait(timeout: .now() + 1) == .success { forwarded.signal() }
    }
}
