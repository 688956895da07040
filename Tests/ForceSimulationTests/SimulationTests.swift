import Foundation
import Testing
@testable import ForceSimulation

/// A force defined outside the engine, as a script binding would: records calls and can fail.
final class ProbeForce: Force {
    var applied: [Double] = []
    var initialized = 0
    var failure: Error?

    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        initialized += 1
    }

    func apply(alpha: Double) throws {
        if let failure { throw failure }
        applied.append(alpha)
    }
}

struct ProbeError: Error {}

@Suite struct SimulationTests {
    @Test func defaultsAreD3s() throws {
        let sim = try Simulation(nodeCount: 3)
        #expect(sim.alpha == 1)
        #expect(sim.alphaMin == 0.001)
        #expect(sim.alphaDecay == 0.02276277904418933)
        #expect(sim.alphaTarget == 0)
        #expect(sim.velocityDecay == 0.4)
        sim.velocityDecay = 0.3
        #expect(sim.velocityDecay == 0.30000000000000004)
        #expect(sim.random.state == 1)
        #expect(sim.threads >= 1)
    }

    @Test func unsupportedDimensionsThrow() {
        #expect(throws: SimulationError.unsupportedDimensions(4)) { try Simulation(nodeCount: 1, dimensions: 4) }
    }

    @Test func randomSourceIsD3sLCG() {
        let random = RandomSource()
        #expect(random.next() == 0.23645552527159452)
        #expect(random.calls == 1)
        let seeded = RandomSource(seed: 42)
        let expected = Double(UInt32(42) &* 1_664_525 &+ 1_013_904_223) / 4_294_967_296
        #expect(seeded.next() == expected)
        seeded.reseed(1)
        #expect(seeded.next() == 0.23645552527159452)
    }

    @Test func phyllotaxisStartPositions() throws {
        let sim = try Simulation(nodeCount: 3)
        let k = sim.kinetics
        #expect((k.x[0], k.y[0]) == (7.0710678118654755, 0))
        #expect(abs(k.x[1] - -9.03088751750192) < 1e-14 && abs(k.y[1] - 8.27303273571596) < 1e-14)
        #expect(abs(k.x[2] - 1.3823220809823638) < 1e-14 && abs(k.y[2] - -15.750847141167634) < 1e-14)
        #expect(k.vx[0] == 0 && k.vy[2] == 0)
    }

    @Test func phyllotaxis3DUsesCubeRootRadius() throws {
        let sim = try Simulation(nodeCount: 5, dimensions: 3)
        let k = sim.kinetics
        for i in 0..<5 {
            let r = (k.x[i] * k.x[i] + k.y[i] * k.y[i] + k.z[i] * k.z[i]).squareRoot()
            #expect(abs(r - 10 * Foundation.cbrt(0.5 + Double(i))) < 1e-12)
        }
        #expect(k.y[0] == 10 * Foundation.cbrt(0.5))
    }

    @Test func setupPositionsAndFixedCoordinatesBeforePlacement() throws {
        let sim = try Simulation(nodeCount: 3) { k in
            k.x[0] = 5
            k.y[0] = 6
            k.fx[1] = 100
            k.x[2] = 1
        }
        let k = sim.kinetics
        #expect((k.x[0], k.y[0]) == (5, 6))
        #expect(k.x[1] == Placement.point2D(1).x && k.y[1] == Placement.point2D(1).y)
        #expect(k.x[2] == Placement.point2D(2).x)
        try sim.tick()
        #expect(k.x[1] == 100 && k.vx[1] == 0)
    }

    @Test func tickDoesNotStopAtAlphaMinButRunDoes() throws {
        let sim = try Simulation(nodeCount: 2)
        var ended = 0, ticked = 0
        sim.on(.end, name: "count") { _ in ended += 1 }
        sim.on(.tick) { _ in ticked += 1 }
        var seen = 0
        #expect(try sim.run(onTick: { _ in seen += 1 }) == .converged)
        #expect(seen == 300 && ticked == 300 && ended == 1)
        #expect(sim.alpha == 0.0009999999999999966)
        try sim.tick(5)
        #expect(sim.alpha < 0.001)
        #expect(ended == 1 && ticked == 300)
    }

    @Test func runStopsAtTickLimitAndOnRequest() throws {
        let sim = try Simulation(nodeCount: 2)
        #expect(try sim.run(maxTicks: 7) == .tickLimit)
        var calls = 0
        #expect(try sim.run(onTick: { _ in calls += 1 }, shouldStop: { calls >= 3 }) == .interrupted)
        #expect(calls == 3)
        sim.on(.tick, perform: nil)
    }

    @Test func forcesRunInInsertionOrderAndReplaceKeepsSlot() throws {
        let sim = try Simulation(nodeCount: 2)
        let a = ProbeForce(), b = ProbeForce(), c = ProbeForce()
        try sim.setForce("a", a)
        try sim.setForce("b", b)
        try sim.setForce("a", c)
        #expect(sim.forceNames == ["a", "b"])
        #expect(sim.force(named: "a") === c)
        #expect(sim.removeForce("a") === c)
        try sim.setForce("a", a)
        #expect(sim.forceNames == ["b", "a"])
        #expect(sim.removeForce("missing") == nil)
        try sim.tick()
        #expect(a.applied == [sim.alpha] && b.applied == [sim.alpha])
    }

    @Test func throwingForceEndsTheTickAndLeavesTheSimulationUsable() throws {
        let sim = try Simulation(nodeCount: 2)
        let probe = ProbeForce()
        try sim.setForce("probe", probe)
        probe.failure = ProbeError()
        #expect(throws: ProbeError.self) { try sim.tick() }
        probe.failure = nil
        try sim.tick()
        #expect(probe.applied.count == 1)
    }

    @Test func findWithAndWithoutRadius() throws {
        let sim = try Simulation(nodeCount: 3) { k in
            (k.x[0], k.y[0]) = (5, 0)
            (k.x[1], k.y[1]) = (10, 16)
            (k.x[2], k.y[2]) = (-10, -4)
        }
        #expect(sim.find(x: 0, y: 0) == 0)
        #expect(sim.find(x: 0, y: 20) == 1)
        #expect(sim.find(x: 0, y: 0, radius: 1) == nil)
        #expect(sim.find(x: 0, y: 20, radius: 10) == nil)
        #expect(sim.find(x: 0, y: 20, radius: 11) == 1)
        #expect(sim.find(x: 0, y: 0, radius: 5) == nil)
        #expect(sim.find(x: 0, y: 0, radius: 5.0000001) == 0)
    }

    @Test func replaceNodesKeepsSurvivorsAndPlacesNewOnes() throws {
        let sim = try Simulation(nodeCount: 3)
        let probe = ProbeForce()
        try sim.setForce("probe", probe)
        try sim.tick()
        let k = sim.kinetics
        let old2 = (k.x[2], k.y[2], k.vx[2])
        k.fy[0] = 3
        try sim.replaceNodes(keeping: [2, nil, 0, nil]) { k in k.x[3] = 9; k.y[3] = 9 }
        #expect(sim.nodeCount == 4 && probe.initialized == 2)
        #expect((k.x[0], k.y[0], k.vx[0]) == old2)
        #expect((k.x[1], k.y[1], k.vx[1]) == (Placement.point2D(1).x, Placement.point2D(1).y, 0))
        #expect(k.fy[2] == 3 && k.y[2] == 3)
        #expect((k.x[3], k.y[3]) == (9, 9))
        #expect(throws: SimulationError.self) { try sim.replaceNodes(keeping: [7]) }
    }

    @Test func reseedRestartsTheSequenceAndReinitializesForces() throws {
        let sim = try Simulation(nodeCount: 1, seed: 7)
        let probe = ProbeForce()
        try sim.setForce("p", probe)
        _ = sim.random.next()
        try sim.reseed(1)
        #expect(sim.random.next() == 0.23645552527159452)
        #expect(probe.initialized == 2)
    }
}

@Test func negativeIterationsApplyNothing() throws {
    let simulation = try Simulation(nodeCount: 2) { kinetics in
        kinetics.x[0] = 0; kinetics.y[0] = 0
        kinetics.x[1] = 0.5; kinetics.y[1] = 0
    }
    try simulation.setForce("collide", CollideForce(radius: 5, iterations: -1))
    try simulation.setForce("link", LinkForce(links: [(source: 0, target: 1)], iterations: -3))
    try simulation.tick()
    #expect(simulation.kinetics.x[0] == 0 && simulation.kinetics.x[1] == 0.5)
}
