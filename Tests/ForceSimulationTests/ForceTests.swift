import Foundation
import Testing
@testable import ForceSimulation

/// Per-force cases computed by hand, and d3-force's own test list.
@Suite struct ForceTests {
    @Test func centerRepositionsNodes() throws {
        let sim = try Simulation(nodeCount: 3) { k in
            (k.x[0], k.y[0]) = (0, 0)
            (k.x[1], k.y[1]) = (3, 0)
            (k.x[2], k.y[2]) = (0, 3)
        }
        try sim.setForce("center", CenterForce(x: 1, y: 1))
        try sim.tick()
        let k = sim.kinetics
        #expect((k.x[0], k.y[0]) == (0, 0))
        #expect((k.x[1], k.y[1]) == (3, 0))
        let half = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (2, 0, 4, 0) }
        try half.setForce("center", CenterForce(strength: 0.5))
        try half.tick()
        #expect(half.kinetics.x[0] == 0.5 && half.kinetics.x[1] == 2.5)
    }

    @Test func centerRespectsFixedPositions() throws {
        let sim = try Simulation(nodeCount: 3) { k in
            (k.fx[0], k.fy[0]) = (0, 0)
            (k.x[1], k.y[1]) = (10, 10)
            (k.x[2], k.y[2]) = (20, 20)
        }
        try sim.setForce("center", CenterForce(x: 100, y: 100))
        try sim.tick()
        #expect((sim.kinetics.x[0], sim.kinetics.y[0]) == (0, 0))
    }

    @Test func collideSeparatesOverlappingNodes() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 0.6, 0.8) }
        try sim.setForce("collide", CollideForce(radius: 1))
        try sim.tick()
        let k = sim.kinetics
        // distance 1, overlap 2 - 1 = 1, split evenly: each node moves half of d, then v *= 0.6.
        #expect(abs(k.vx[0] - -0.18) < 1e-15 && abs(k.vy[0] - -0.24) < 1e-15)
        #expect(k.vx[1] == -k.vx[0] && k.vy[1] == -k.vy[0])
        #expect(sim.random.calls == 0)
    }

    @Test func collideRespectsFixedPositions() throws {
        let sim = try Simulation(nodeCount: 2) { k in
            (k.fx[0], k.fy[0]) = (0, 0)
            (k.x[1], k.y[1]) = (0.5, 0)
        }
        try sim.setForce("collide", CollideForce(radius: 1))
        try sim.tick(10)
        #expect((sim.kinetics.x[0], sim.kinetics.y[0]) == (0, 0))
        #expect(sim.kinetics.x[1] > 0.5)
    }

    @Test func collideJigglesTwoCoincidentNodesApart() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 0, 0) }
        try sim.setForce("collide", CollideForce())
        try sim.tick()
        let k = sim.kinetics
        #expect(sim.random.calls == 2)
        #expect(k.vx[0] == -k.vx[1] && k.vy[0] == -k.vy[1])
        #expect(k.vx[0] != 0 && k.vy[0] != 0)
    }

    @Test func collideTenCoincidentNodesMatchD3After50Ticks() throws {
        let sim = try Simulation(nodeCount: 10) { k in
            for i in 0..<10 { (k.x[i], k.y[i]) = (0, 0) }
        }
        try sim.setForce("collide", CollideForce())
        try sim.tick(50)
        #expect(sim.kinetics.x[0] == -5.371433857229194)
        #expect(sim.kinetics.y[0] == -2.6644608278592576)
    }

    @Test func xAndYConvergeToConstantTargets() throws {
        let sim = try Simulation(nodeCount: 3)
        try sim.setForce("x", PositionForce(axis: .x, target: 200))
        try sim.setForce("y", PositionForce(axis: .y, target: 300))
        try sim.run()
        let k = sim.kinetics
        for i in 0..<3 {
            #expect(abs(k.x[i] - 200) < 1 && abs(k.y[i] - 300) < 1)
        }
    }

    @Test func xAndYUsePerNodeTargetsAndRespectFixedPositions() throws {
        let sim = try Simulation(nodeCount: 3) { k in (k.fx[2], k.fy[2]) = (-1, -2) }
        try sim.setForce("x", PositionForce(axis: .x, target: .perNode { Double($0) * 100 }))
        try sim.setForce("y", PositionForce(axis: .y, target: .perNode { Double($0) * -100 }))
        try sim.run()
        let k = sim.kinetics
        #expect(abs(k.x[0]) < 1 && abs(k.x[1] - 100) < 1 && abs(k.y[1] + 100) < 1)
        #expect((k.x[2], k.y[2]) == (-1, -2))
    }

    @Test func positionForceHandComputed() throws {
        let sim = try Simulation(nodeCount: 1) { k in (k.x[0], k.y[0]) = (10, 0) }
        try sim.setForce("x", PositionForce(axis: .x, target: 0, strength: 0.5))
        try sim.tick()
        // alpha after one tick a = 1 - decay; v = (0 - 10) * 0.5 * a, then * 0.6.
        let a = sim.alpha
        #expect(sim.kinetics.vx[0] == -10 * 0.5 * a * 0.6)
        #expect(throws: SimulationError.self) { try sim.setForce("z", PositionForce(axis: .z)) }
    }

    @Test func radialForceHandComputed() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (3, 4, 0, 0) }
        try sim.setForce("radial", RadialForce(radius: 10, strength: 1))
        sim.velocityDecay = 0
        try sim.tick()
        let a = sim.alpha
        let k = sim.kinetics
        // r = 5: v = d * (10 - 5) * a / 5 = d * a.
        #expect(k.vx[0] == 3 * ((10 - 5) * 1 * a / 5) && k.vy[0] == 4 * ((10 - 5) * 1 * a / 5))
        // At the centre, each component becomes 1e-6 (outward, not inward as in Grape).
        #expect(k.vx[1] > 0 && k.vy[1] > 0)
        #expect(sim.random.calls == 0)
    }

    @Test func linkForceHandComputed() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 50, 0) }
        let link = LinkForce(links: [(0, 1)], distance: 30)
        try sim.setForce("link", link)
        sim.velocityDecay = 0
        try sim.tick()
        let a = sim.alpha
        // l = 50, k = (50 - 30) / 50 * a * 1; bias 0.5: each end moves d * k / 2 towards the other.
        let shift = 50 * ((50.0 - 30) / 50 * a * 1) * 0.5
        #expect(sim.kinetics.vx[1] == -shift && sim.kinetics.vx[0] == shift)
        #expect(link.degrees == [1, 1] && link.biases == [0.5] && link.strengths == [1])
    }

    @Test func linkIdsResolveOrThrowNodeNotFound() throws {
        let link = try LinkForce(links: [(source: "a", target: "c")], nodeIDs: ["a", "b", "c"])
        #expect(link.sources == [0] && link.targets == [2])
        #expect(throws: SimulationError.nodeNotFound("zz")) {
            try LinkForce(links: [(source: "a", target: "zz")], nodeIDs: ["a"])
        }
        #expect(SimulationError.nodeNotFound("zz").description == "node not found: zz")
        let sim = try Simulation(nodeCount: 2)
        #expect(throws: SimulationError.nodeNotFound("5")) { try sim.setForce("l", LinkForce(links: [(0, 5)])) }
        #expect(sim.forceNames.isEmpty)
    }

    @Test func linkSelfLoopCountsTwiceAndPerLinkParameters() throws {
        let sim = try Simulation(nodeCount: 3)
        let link = LinkForce(links: [(0, 0), (0, 1), (1, 2)], distance: .perLink { Double($0) + 10 })
        try sim.setForce("link", link)
        #expect(link.degrees == [3, 2, 1])
        #expect(link.strengths == [1.0 / 3, 0.5, 1])
        #expect(link.distances == [10, 11, 12])
        link.strength = .constant(0.25)
        try sim.tick()
        #expect(link.strengths == [0.25, 0.25, 0.25])
    }

    @Test func manyBodyTwoNodesHandComputed() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 4, 3) }
        try sim.setForce("charge", ManyBodyForce())
        sim.velocityDecay = 0
        try sim.tick()
        let a = sim.alpha
        // Root [0, 8]² is too wide (64 / 0.81 > 25); each leaf [.., 4] acts as one body (16 / 0.81 < 25):
        // v += d * strength * alpha / d², the 1/r law.
        #expect(sim.kinetics.vx[0] == 4 * -30 * a / 25 && sim.kinetics.vy[0] == 3 * -30 * a / 25)
        #expect(sim.kinetics.vx[1] == -4 * -30 * a / 25 && sim.kinetics.vy[1] == -3 * -30 * a / 25)
        #expect(sim.random.calls == 0)
        let aligned = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 4, 0) }
        try aligned.setForce("charge", ManyBodyForce())
        try aligned.tick()
        #expect(aligned.random.calls == 2)
    }

    @Test func manyBodyDistanceLimits() throws {
        let sim = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 0.3, 0.4) }
        try sim.setForce("charge", ManyBodyForce(distanceMin: 2, distanceMax: 10))
        sim.velocityDecay = 0
        try sim.tick()
        let a = sim.alpha
        // l = 0.25 < distanceMin² = 4, so l = sqrt(4 * 0.25).
        let l = (4 * (0.3 * 0.3 + 0.4 * 0.4)).squareRoot()
        #expect(sim.kinetics.vx[0] == 0.3 * -30 * a / l)
        let far = try Simulation(nodeCount: 2) { k in (k.x[0], k.y[0], k.x[1], k.y[1]) = (0, 0, 20, 0) }
        try far.setForce("charge", ManyBodyForce(distanceMax: 10))
        try far.tick()
        #expect(far.kinetics.vx[0] == 0 && far.kinetics.vx[1] == 0)
    }

    @Test func manyBodyWithThetaZeroEqualsTheExactSum() throws {
        let n = 60
        let sim = try Simulation(nodeCount: n)
        sim.velocityDecay = 1
        let strengths = (0..<n).map { -10 - Double($0 % 7) }
        try sim.setForce("charge", ManyBodyForce(strength: .perNode { strengths[$0] }, theta: 0))
        let k = sim.kinetics
        let x = Array(k.x), y = Array(k.y)
        let alpha = 1 - sim.alphaDecay
        try sim.tick()
        // velocityDecay 1 zeroes velocities, so compare the displacement-free sums by re-running one apply.
        let probe = try Simulation(nodeCount: n) { k in
            for i in 0..<n { (k.x[i], k.y[i]) = (x[i], y[i]) }
        }
        let force = ManyBodyForce(strength: .perNode { strengths[$0] }, theta: 0)
        try force.initialize(kinetics: probe.kinetics, random: probe.random)
        try force.apply(alpha: alpha)
        for i in 0..<n {
            var sx = 0.0, sy = 0.0
            for j in 0..<n where j != i {
                let dx = x[j] - x[i], dy = y[j] - y[i]
                let l = max(dx * dx + dy * dy, (dx * dx + dy * dy).squareRoot())
                sx += dx * strengths[j] * alpha / l
                sy += dy * strengths[j] * alpha / l
            }
            #expect(abs(probe.kinetics.vx[i] - sx) < 1e-12 && abs(probe.kinetics.vy[i] - sy) < 1e-12)
        }
    }

    @Test func manyBodyPairedVisitEqualsTheScalarVisitBitForBit() throws {
        // A finite distanceMax that no distance reaches takes the one-node-at-a-time visit; the infinite default
        // takes the two-node lockstep one. Coincident chains, shared axes (jiggles) and pairs closer than
        // distanceMin must come out the same.
        func run(distanceMax: Double) throws -> (x: [Double], y: [Double], vx: [Double], vy: [Double], calls: Int) {
            let n = 3000
            let sim = try Simulation(nodeCount: n) { k in
                for i in stride(from: 0, to: n - 2, by: 61) {
                    (k.x[i], k.y[i]) = (7, 7)
                    (k.x[i + 1], k.y[i + 1]) = (7, 30)
                    (k.x[i + 2], k.y[i + 2]) = (k.x[i + 3] + 0.3, k.y[i + 3] - 0.2)
                }
            }
            try sim.setForce("charge", ManyBodyForce(distanceMax: distanceMax))
            try sim.tick(5)
            let k = sim.kinetics
            return (Array(k.x), Array(k.y), Array(k.vx), Array(k.vy), sim.random.calls)
        }
        let paired = try run(distanceMax: .infinity)
        let scalar = try run(distanceMax: 1e150)
        #expect(paired.calls > 0 && paired.calls == scalar.calls)
        #expect(paired.x == scalar.x && paired.y == scalar.y && paired.vx == scalar.vx && paired.vy == scalar.vy)
    }

    @Test func manyBodyTakesNaNAndOutOfReachCoordinatesAsTheScalarVisitDoes() throws {
        // A node at NaN, at infinity or beyond ±2^1020 is left out of the tree (around an infinite one d3's root
        // grows for ever; beyond 2^1020 midpoints can overflow and points are never told apart). The lockstep
        // visit, which assumes finite distances, must then not run: both runs give the same doubles.
        func run(distanceMax: Double) throws -> [Double] {
            let sim = try Simulation(nodeCount: 500)
            let k = sim.kinetics
            k.x[17] = .nan
            k.y[230] = .infinity
            k.x[231] = -.infinity
            k.x[300] = 1e308
            k.y[301] = -.greatestFiniteMagnitude
            try sim.setForce("charge", ManyBodyForce(distanceMax: distanceMax))
            try sim.tick(3)
            return Array(k.x) + Array(k.y) + Array(k.vx) + Array(k.vy)
        }
        let paired = try run(distanceMax: .infinity), scalar = try run(distanceMax: 1e150)
        #expect(zip(paired, scalar).allSatisfy { $0.bitPattern == $1.bitPattern })
        // The nodes out of reach stay where they are; every other node moved to finite places.
        #expect(paired[500 + 230] == .infinity && paired[231] == -.infinity && paired[300] == 1e308)
        #expect((0..<500).filter { SpatialTree.withinReach(paired[$0]) && SpatialTree.withinReach(paired[500 + $0]) }.count == 495)
    }

    @Test func manyBodyCellCentresThatOverflowAreSkippedAsTheScalarVisitSkipsThem() throws {
        // |strength| times a coordinate overflows in a cell's weighted centre: the cell's distance is infinite, so
        // d3 (and the scalar visit) skip it, where the lockstep visit would add NaN.
        func run(distanceMax: Double) throws -> [Double] {
            let sim = try Simulation(nodeCount: 50)
            try sim.setForce("charge", ManyBodyForce(strength: .perNode { $0 == 7 ? -1e308 : -30 }, distanceMax: distanceMax))
            try sim.tick(1)
            return Array(sim.kinetics.vx) + Array(sim.kinetics.vy)
        }
        let paired = try run(distanceMax: .infinity), scalar = try run(distanceMax: 1e150)
        #expect(zip(paired, scalar).allSatisfy { $0.bitPattern == $1.bitPattern })
        // Every cell holding node 7, the root among them, is skipped, so nothing moves (as in d3).
        #expect(paired.allSatisfy { $0 == 0 })
    }

    @Test func everyForceRespectsFixedPositions() throws {
        let forces: [any Force] = [
            CenterForce(x: 50, y: 50), ManyBodyForce(), LinkForce(links: [(0, 1), (1, 2), (2, 3)]),
            CollideForce(radius: 20), PositionForce(axis: .x, target: 99), PositionForce(axis: .y, target: 99),
            RadialForce(radius: 100),
        ]
        for force in forces {
            let sim = try Simulation(nodeCount: 4) { k in (k.fx[1], k.fy[1]) = (3, 4) }
            try sim.setForce("f", force)
            try sim.tick(5)
            #expect((sim.kinetics.x[1], sim.kinetics.y[1]) == (3, 4), "\(type(of: force))")
            #expect((sim.kinetics.vx[1], sim.kinetics.vy[1]) == (0, 0), "\(type(of: force))")
        }
    }

    @Test func forcesWorkInThreeDimensions() throws {
        let sim = try Simulation(nodeCount: 50, dimensions: 3)
        try sim.setForce("link", LinkForce(links: (1..<50).map { ($0, $0 / 2) }))
        try sim.setForce("charge", ManyBodyForce())
        try sim.setForce("collide", CollideForce(radius: 3))
        try sim.setForce("z", PositionForce(axis: .z, target: 5))
        try sim.setForce("radial", RadialForce(radius: 40))
        try sim.setForce("center", CenterForce(z: 1))
        try sim.tick(20)
        let k = sim.kinetics
        for i in 0..<50 { #expect(k.x[i].isFinite && k.y[i].isFinite && k.z[i].isFinite) }
        #expect(sim.find(x: k.x[7], y: k.y[7], z: k.z[7]) == 7)
        let centred = try Simulation(nodeCount: 10, dimensions: 3)
        try centred.setForce("center", CenterForce(x: 2, y: 3, z: 1))
        try centred.tick()
        let c = centred.kinetics
        let mx: Double = c.x.reduce(0, +) / 10, my: Double = c.y.reduce(0, +) / 10, mz: Double = c.z.reduce(0, +) / 10
        #expect(abs(mx - 2) < 1e-12 && abs(my - 3) < 1e-12 && abs(mz - 1) < 1e-12)
    }
}
