import Foundation
import ProcessorSupport

/// Jobs on threads of their own that start child processes, for a command (`forcelab sweep`, a class's grading) that
/// must end those children at SIGINT (Ctrl-C), SIGTERM or SIGHUP before it ends itself: they run in process groups of
/// their own (Foundation's `Process`), which a terminal's Ctrl-C or hangup does not reach.
final class ChildJobs: @unchecked Sendable {
    /// How many jobs run when `--jobs` does not say: every core this process may run on (its CPU affinity, as Slurm
    /// or taskset set it).
    static var defaultCount: Int { UsableCores.count() }

    /// Guards what follows; `run` waits on its condition until every job's thread has ended.
    private let lock = NSCondition()
    private var jobsRunning = 0
    private var children: Set<Int32> = []
    private var signal: Int32?

    /// The signal (SIGINT, SIGTERM, SIGHUP) that stopped the jobs, if one did.
    var stoppedBy: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }

    /// Runs `job` on `count` threads and returns once all have ended. Meanwhile SIGINT, SIGTERM and SIGHUP end the
    /// children (with what they started) at once and are noted in `stoppedBy`, and the jobs are to start nothing more.
    func run(_ count: Int, _ job: @escaping @Sendable () -> Void) {
        let signals = StopSignals { [self] number in
            lock.lock()
            if signal == nil { signal = number }
            let running = children
            lock.unlock()
            running.forEach(StopSignals.end(processGroupOf:))
        }
        defer { signals.end() }
        lock.lock()
        jobsRunning = count
        lock.unlock()
        for _ in 0..<count {
            Thread { [self] in
                job()
                lock.lock()
                jobsRunning -= 1
                lock.signal()
                lock.unlock()
            }.start()
        }
        // A condition's wait (pthread_cond_wait), not a DispatchGroup's futex: ThreadSanitizer holds a signal back
        // until the thread it arrived on makes a call it sees, so under it Ctrl-C waited for the last job.
        lock.lock()
        while jobsRunning > 0 { lock.wait() }
        lock.unlock()
    }

    /// Notes a started child, ending it at once when a signal has stopped the jobs meanwhile.
    func started(_ id: Int32) {
        lock.lock()
        children.insert(id)
        let stopping = signal != nil
        lock.unlock()
        if stopping { StopSignals.end(processGroupOf: id) }
    }

    /// Forgets a child that has ended or is ending.
    func ended(_ id: Int32) {
        lock.lock()
        children.remove(id)
        lock.unlock()
    }
}
