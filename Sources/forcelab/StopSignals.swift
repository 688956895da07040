import Foundation

/// SIGINT (Ctrl-C), SIGTERM (a batch system's stop) and SIGHUP (the terminal closed) handed to a closure instead of
/// ending the process (for `ChildJobs`); a SIGINT or SIGHUP the shell set to be ignored (a background job, `nohup`)
/// stays so.
final class StopSignals {
    /// A signal handled, and what the process did with it before.
    private struct Watch {
        let source: DispatchSourceSignal
        let number: Int32
        let previous: sig_t?
    }

    private let watches: [Watch]

    /// Hands each SIGINT, SIGTERM and SIGHUP to `stop` (on another thread) until `end()`.
    init(_ stop: @escaping @Sendable (Int32) -> Void) {
        watches = [SIGINT, SIGTERM, SIGHUP].compactMap { number -> Watch? in
            let previous = signal(number, SIG_IGN)
            if number != SIGTERM, let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                return nil
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop(number) }
            source.resume()
            StopSignals.awaitHandler(number)
            return Watch(source: source, number: number, previous: previous)
        }
    }

    /// Waits (up to a second) until libdispatch has installed its handler of signal `number`, which it does a moment
    /// after the source resumes: until then the signal is ignored, and a child started meanwhile would inherit it
    /// ignored (exec keeps an ignored signal ignored) and could not be ended by it.
    private static func awaitHandler(_ number: Int32) {
        var action = sigaction()
        for _ in 0..<1000 {
            guard sigaction(number, nil, &action) == 0,
                  unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            else { return }
            usleep(1000)
        }
    }

    /// Stops handling the signals and gives them back their previous dispositions.
    func end() {
        for watch in watches {
            watch.source.cancel()
            signal(watch.number, watch.previous)
        }
    }

    /// How a command stopped by `signal` says so: "interrupted" (Ctrl-C), "stopped by SIGTERM", "stopped by SIGHUP".
    static func stopped(by signal: Int32) -> String {
        signal == SIGINT ? "interrupted" : "stopped by " + (signal == SIGHUP ? "SIGHUP" : "SIGTERM")
    }

    /// Sends SIGTERM to process `id` and to what it started: its process group, which Foundation's `Process` makes
    /// the child's own (so a terminal's Ctrl-C reaches none of them).
    static func end(processGroupOf id: Int32) {
        if kill(-id, SIGTERM) != 0 { kill(id, SIGTERM) }
    }
}
