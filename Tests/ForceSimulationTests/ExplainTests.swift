import Testing
@testable import ForceSimulation

/// The read-only probes for pictures: one tick's velocity change, and the Barnes-Hut cells of one node's sum.
@Suite struct ExplainTests {
    /// A small simulation with many-body, link and center forces, a few ticks in.
    func simulation(_ n: Int = 40) throws -> Simulation {
        let sim = try Simulation(nodeCount: n, seed: 7)
        sim.threads = 1
        try sim.setForce("charge", ManyBodyForce())
        try sim.setForce("link", LinkForce(links: (1..<n).map { ($0 / 2, $0) }))
        try sim.setForce("center", CenterForce())
        try sim.tick(3)
        return sim
    }

    func state(_ sim: Simulation) -> [Double] {
        let k = sim.kinetics
        return Array(k.x) + Array(k.y) + Array(k.vx) + Array(k.vy) + [Double(sim.random.state), Double(sim.random.calls)]
    }

    @Test func velocityChangesAreOneTicksForcesAndLeaveTheSimulationAsItWas() throws {
        let probed = try simulation(), twin = try simulation()
        let before = state(probed)
        let change = try probed.velocityChanges()
        #expect(state(probed) == before)
        // The twin's tick adds the same change, then keeps (1 - velocityDecay) of the velocity.
        let k = twin.kinetics
        let old = (Array(k.vx), Array(k.vy))
        twin.alpha = probed.alpha
        twin.alphaTarget = twin.alpha
        try twin.tick()
        for i in 0..<k.count {
            #expect(abs(k.vx[i] / 0.6 - old.0[i] - change[0][i]) < 1e-9)
            #expect(abs(k.vy[i] / 0.6 - old.1[i] - change[1][i]) < 1e-9)
        }
        #expect(change[0].contains { abs($0) > 1e-3 })
        // Probing does not change what the next tick does.
        let again = try simulation()
        try probed.tick(2)
        try again.tick(2)
        #expect(state(probed) == state(again))
    }

    @Test func cellsAccountForEveryOtherNodeExactlyOnce() throws {
        let sim = try simulation(200)
        let charge = sim.force(named: "charge") as! ManyBodyForce
        let k = sim.kinetics
        for theta in [0.0, 0.5, 0.9, 1.5] {
            let visit = try #require(try charge.cellsVisited(by: 17, in: k, theta: theta))
            #expect(visit.theta == theta)
            for j in 0..<k.count where j != 17 {
                let holders = visit.cells.filter { cell in
                    cell.use != .opened && k.x[j] >= cell.lower.x && k.x[j] < cell.upper.x
                        && k.y[j] >= cell.lower.y && k.y[j] < cell.upper.y
                }
                #expect(holders.count == 1, "node \(j) at theta \(theta)")
            }
            // d3's root: an integer corner and a power-of-two side.
            let root = visit.cells[0]
            #expect(root.lower.x == root.lower.x.rounded(.down))
            let side = root.upper.x - root.lower.x
            #expect(side == pow2(side))
        }
        let exact = try #require(try charge.cellsVisited(by: 17, in: k, theta: 0))
        #expect(exact.count(.approximated) == 0 && exact.count(.direct) == k.count)
        let coarse = try #require(try charge.cellsVisited(by: 17, in: k, theta: 1e6))
        #expect(coarse.count(.approximated) > 0 && coarse.count(.opened) < exact.count(.opened))
        #expect(try charge.cellsVisited(by: 17, in: k)!.theta == charge.theta)
        #expect(try charge.cellsVisited(by: 500, in: k) == nil)
    }

    /// The power of two nearest `value` (the value itself when it is one).
    func pow2(_ value: Double) -> Double {
        Double(sign: .plus, exponent: value.exponent, significand: 1)
    }
}
