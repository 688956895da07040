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
}
