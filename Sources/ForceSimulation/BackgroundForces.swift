import Dispatch
import Synchronization

/// Forces applied in order on a background thread (a dispatch worker, which can join the caller's parallel work
/// once it is done); the first error ends the run, as it ends a tick. If no worker has taken the run when the
/// caller needs its result, the caller does it, so it never waits for a thread that is not coming.
final class BackgroundForces: @unchecked Sendable {
    private var forces: [any Force]
    private let alpha: Double
    private let taken = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private var failure: (any Error)?

    /// A run of `forces` with `alpha`; `start` begins it.
    init(_ forces: [any Force], alpha: Double) {
        self.forces = forces
        self.alpha = alpha
    }

    /// Offers the run to a worker of `queue`.
    func start(on queue: DispatchQueue) {
        queue.async {
            guard self.take() else { return }
            self.run()
            self.done.signal()
        }
    }

    /// Waits until the run ends (doing it here if no worker has taken it), and rethrows its error. The forces are
    /// let go here, on the caller's thread: a worker that comes late must not release the last reference to one
    /// (a Lua-backed force frees Lua references as it goes).
    func finish() throws {
        if take() {
            run()
        } else {
            done.wait()
        }
        forces = []
        let error = failure
        failure = nil
        if let error { throw error }
    }

    /// Claims the run; true for the first caller only.
    private func take() -> Bool {
        !taken.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Applies the forces in order; the first error ends the run and is kept for `finish`.
    private func run() {
        do {
            for force in forces { try force.apply(alpha: alpha) }
        } catch {
            failure = error
        }
    }
}
