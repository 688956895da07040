import Dispatch
import Testing
@testable import ForceSimulation

/// Multi-threaded ticks must equal single-threaded ones bit for bit, jiggle draws included.
@Suite struct ThreadingTests {
    func run(threads: Int) throws -> (x: [Double], y: [Double], vx: [Double], calls: Int) {
        let n = 6000
        let sim = try Simulation(nodeCount: n) { k in
            // Groups of coincident nodes and nodes on shared axes force jiggles in manyBody.
            for i in stride(from: 0, to: n, by: 97) {
                (k.x[i], k.y[i]) = (5, 5)
                if i + 1 < n { (k.x[i + 1], k.y[i + 1]) = (5, 40) }
            }
        }
        sim.threads = threads
        try sim.setForce("link", LinkForce(links: (1..<n).map { ($0, ($0 * 7919) % $0) }))
        try sim.setForce("charge", ManyBodyForce())
        try sim.setForce("center", CenterForce())
        try sim.tick(4)
        let k = sim.kinetics
        return (Array(k.x), Array(k.y), Array(k.vx), sim.random.calls)
    }

    @Test func twoThreadsEqualOneThreadBitForBit() throws {
        let one = try run(threads: 1)
        let two = try run(threads: 2)
        #expect(one.calls > 0)
        #expect(one.calls == two.calls)
        #expect(one.x == two.x && one.y == two.y && one.vx == two.vx)
    }

    /// A force that changes only velocities (none, in fact) and throws.
    final class Failing: Force {
        struct Failure: Error {}
        var changesOnlyVelocities: Bool { true }
        func initialize(kinetics: Kinetics, random: RandomSource) throws {}
        func apply(alpha: Double) throws { throw Failure() }
    }

    /// An error in a force applied alongside the many-body preparation ends the tick with that error, and the tree
    /// built ahead is not used later (positions moved in between).
    func failingTick(threads: Int) throws -> (x: [Double], y: [Double], vx: [Double]) {
        let sim = try Simulation(nodeCount: 3000)
        sim.threads = threads
        try sim.setForce("velocity", Failing())
        try sim.setForce("charge", ManyBodyForce())
        #expect(throws: Failing.Failure.self) { try sim.tick() }
        for i in 0..<sim.nodeCount { sim.kinetics.x[i] += Double(i % 7) }
        // Alone, the charge is applied without preparing ahead.
        sim.removeForce("velocity")
        try sim.tick(2)
        let k = sim.kinetics
        return (Array(k.x), Array(k.y), Array(k.vx))
    }

    @Test func errorBesideThePreparationEndsTheTickAndDiscardsIt() throws {
        let one = try failingTick(threads: 1)
        let two = try failingTick(threads: 2)
        #expect(one.x == two.x && one.y == two.y && one.vx == two.vx)
    }

    /// A force that changes only velocities (none, in fact).
    final class Still: Force {
        var changesOnlyVelocities: Bool { true }
        func initialize(kinetics: Kinetics, random: RandomSource) throws {}
        func apply(alpha: Double) throws {}
    }

    /// A force applied beside the many-body preparation is let go by the tick on the caller's thread, never later
    /// by a dispatch worker (the Lua binding's forces must be freed where Lua runs).
    @Test func forcesAppliedAlongsideAreReleasedByTheTick() throws {
        let sim = try Simulation(nodeCount: 3000)
        sim.threads = 2
        weak var released: Still?
        try {
            let still = Still()
            released = still
            try sim.setForce("still", still)
        }()
        try sim.setForce("charge", ManyBodyForce())
        // No worker comes while the queue is suspended, so the tick applies the force itself.
        let queue = DispatchQueue(label: "suspended workers")
        queue.suspend()
        defer { queue.resume() }
        sim.workerQueue = queue
        try sim.tick(3)
        sim.removeForce("still")
        #expect(released == nil)
    }
}
