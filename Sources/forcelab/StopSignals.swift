import Foundation

/// SIGINT (Ctrl-C) and SIGTERM (a batch system's stop) handed to a closure instead of ending the process (for
/// `ChildJobs`); a SIGINT the shell set to be ignored (a background job) stays so.
final class StopSignals {
    /// A signal handled, and what the process did with it before.
    private struct Watch {
        let source: DispatchSourceSignal
        let number: Int32
        let previous: sig_t?
    }

    private let watches: [Watch]

    /// Hands each SIGINT and SIGTERM to `stop` (on another thread) until `end()`.
    init(_ stop: @escaping @Sendable (Int32) -> Void) {
        watches = [SIGINT, SIGTERM].compactMap { number -> Watch? in
            let previous = signal(number, SIG_IGN)
            if number == SIGINT, let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                return nil
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop(number) }
            source.resume()
            return Watch(source: source, number: number, previous: previous)
        }
    }

    /// Stops handling the signals and gives them back their previous dispositions.
    func end() {
        for watch in watches {
            watch.source.cancel()
            signal(watch.number, watch.previous)
        }
    }

    /// Sends SIGTERM to process `id` and to what it started: its process group, which Foundation's `Process` makes
    /// the child's own (so a terminal's Ctrl-C reaches none of them).
    static func end(processGroupOf id: Int32) {
        if kill(-id, SIGTERM) != 0 { kill(id, SIGTERM) }
    }
}
