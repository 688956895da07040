import Dispatch

/// Forces applied in order on a background thread (a dispatch worker, which can join the caller's parallel work
/// once it is done); the first error ends the run, as it ends a tick.
final class BackgroundForces: @unchecked Sendable {
    private let forces: [any Force]
    private let alpha: Double
    private let done = DispatchGroup()
    private var failure: (any Error)?

    /// A run of `forces` with `alpha`; `start` begins it.
    init(_ forces: [any Force], alpha: Double) {
        self.forces = forces
        self.alpha = alpha
    }

    /// Starts applying the forces.
    func start() {
        done.enter()
        DispatchQueue.global().async {
            defer { self.done.leave() }
            do {
                for force in self.forces { try force.apply(alpha: self.alpha) }
            } catch {
                self.failure = error
            }
        }
    }

    /// Waits until the run ends, and rethrows its error.
    func finish() throws {
        done.wait()
        if let failure { throw failure }
    }
}
