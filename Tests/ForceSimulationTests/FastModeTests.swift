import Foundation
import Testing
@testable import ForceSimulation

/// Fast mode: the same forces computed for speed, close to exact mode, deterministic on any thread count.
@Suite struct FastModeTests {
    /// G(n) of docs/benchmark-graph.md: node i links to floor(r * i), then random pairs up to 2(n - 1) links.
    static func benchmarkGraph(_ n: Int) -> [(source: Int, target: Int)] {
        let random = RandomSource(seed: 1)
        var links: [(source: Int, target: Int)] = (1..<n).map { ($0, Int(random.next() * Double($0))) }
        while links.count < 2 * (n - 1) {
            let a = Int(random.next() * Double(n)), b = Int(random.next() * Double(n))
            if a != b { links.append((a, b)) }
        }
        return links
    }

    /// A simulation of G(n) with link, charge and center forces.
    static func simulation(
        _ n: Int, mode: SimulationMode, seed: UInt32 = 1, dimensions: Int = 2, threads: Int = 1,
        charge: ManyBodyForce = ManyBodyForce()
    ) throws -> Simulation {
        let sim = try Simulation(nodeCount: n, dimensions: dimensions, seed: seed, placement: .random, mode: mode)
        sim.threads = threads
        try sim.setForce("link", LinkForce(links: benchmarkGraph(n)))
        try sim.setForce("charge", charge)
        try sim.setForce("center", CenterForce())
        return sim
    }

    /// Every node's velocity (all axes).
    static func velocities(_ k: Kinetics) -> [Double] { Array(k.vx) + Array(k.vy) + Array(k.vz) }

    /// The charge's velocity change in one application from the state of `state`, in `mode`.
    static func chargeStep(_ state: Simulation, mode: SimulationMode, charge: ManyBodyForce) throws -> [Double] {
        let k = state.kinetics
        let copy = try Simulation(nodeCount: k.count, dimensions: k.dimensions, mode: mode) { c in
            for axis in 0..<k.dimensions {
                for i in 0..<k.count {
                    c.position(axis: axis)[i] = k.position(axis: axis)[i]
                    c.velocity(axis: axis)[i] = 0
                }
            }
        }
        try copy.setForce("charge", charge)
        try copy.tick()
        // One tick from zero velocity: the velocity after integration is 0.6 times the force's change.
        return velocities(copy.kinetics)
    }

    /// Relative RMS of `a - b` against `b`.
    static func relativeRMS(_ a: [Double], _ b: [Double]) -> Double {
        let error = zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        return (error / b.map { $0 * $0 }.reduce(0, +)).squareRoot()
    }

    @Test func chargeIsCloseToTheExactSum() throws {
        let state = try Self.simulation(2000, mode: .exact, seed: 4)
        try state.tick(20)
        let exact = try Self.chargeStep(state, mode: .exact, charge: ManyBodyForce())
        let fast = try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce())
        let exactSum = try Self.chargeStep(state, mode: .exact, charge: ManyBodyForce(theta: 0))
        // Fast mode's multipoles are about 6e-4 RMS off the exact sum over all pairs at this size (docs/engine.md),
        // exact mode's Barnes-Hut 0.68%; so fast mode is as far from exact mode as exact mode from the sum.
        let errorToSum = Self.relativeRMS(fast, exactSum), exactErrorToSum = Self.relativeRMS(exact, exactSum)
        let error = Self.relativeRMS(fast, exact)
        #expect(errorToSum < 1e-3, "relative RMS against the exact sum \(errorToSum)")
        #expect(
            abs(error - exactErrorToSum) < 1e-3, "against exact mode \(error), exact mode's error \(exactErrorToSum)")
    }

    @Test func thetaIsTheOpeningUpToItsWidest() throws {
        let state = try Self.simulation(2000, mode: .exact, seed: 4)
        try state.tick(20)
        let exactSum = try Self.chargeStep(state, mode: .exact, charge: ManyBodyForce(theta: 0))
        let error = { (theta: Double) in
            Self.relativeRMS(try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce(theta: theta)), exactSum)
        }
        // A smaller theta opens fewer cells to the expansions: closer to the exact sum.
        let default9 = try error(0.9), half = try error(0.5), none = try error(0)
        #expect(half < default9 / 10, "theta 0.5: \(half), 0.9: \(default9)")
        #expect(none < 1e-6, "theta 0 sums every pair directly: \(none)")
        // Above the widest opening, theta reads as it: the same bits as the default.
        let wide = try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce(theta: 1.5))
        #expect(wide == (try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce())))
    }

    @Test func distanceMinAppliesToTheMultipolesNearField() throws {
        let state = try Self.simulation(1500, mode: .exact, seed: 3)
        try state.tick(5)
        let charge = { ManyBodyForce(distanceMin: 25) }
        let fast = try Self.chargeStep(state, mode: .fast, charge: charge())
        let exactSum = try Self.chargeStep(state, mode: .exact, charge: ManyBodyForce(theta: 0, distanceMin: 25))
        let plain = try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce())
        #expect(Self.relativeRMS(fast, exactSum) < 1e-3)
        #expect(Self.relativeRMS(plain, exactSum) > 1e-2, "distanceMin 25 changes the sums")
    }

    @Test func aNodeTakesNothingFromItsOwnPosition() throws {
        let sim = try Simulation(nodeCount: 3, mode: .fast) { k in
            (k.x[0], k.y[0], k.x[1], k.y[1], k.x[2], k.y[2]) = (0, 0, 0, 0, 10, 0)
        }
        try sim.setForce("charge", ManyBodyForce())
        try sim.tick()
        let k = sim.kinetics
        // Only node 2 pushes nodes 0 and 1: -30 * 10 / 10², times alpha, times 0.6 after the velocity decay.
        let expected = -30.0 * 10 / 100 * k.alpha * 0.6
        #expect(abs(k.vx[0] - expected) < 1e-12 && k.vx[0] == k.vx[1] && k.vy[0] == 0, "\(k.vx[0]) \(expected)")
    }

    /// One charge application in each mode on nodes at `points` (exact mode with theta 0: the exact sum), fast mode's
    /// after checking every velocity is finite.
    static func chargeAgainstTheExactSum(
        _ points: [SIMD2<Double>], distanceMin: Double = 1
    ) throws -> (fast: [Double], exactSum: [Double]) {
        let state = try Simulation(nodeCount: points.count, mode: .exact) { k in
            for (i, p) in points.enumerated() { (k.x[i], k.y[i]) = (p.x, p.y) }
        }
        let fast = try chargeStep(state, mode: .fast, charge: ManyBodyForce(distanceMin: distanceMin))
        let exactSum = try chargeStep(state, mode: .exact, charge: ManyBodyForce(theta: 0, distanceMin: distanceMin))
        let allFinite = fast.allSatisfy { $0.isFinite }
        #expect(allFinite, "fast mode's velocities are finite")
        return (fast, exactSum)
    }

    /// A cluster of `n` nodes within a `side` × `side` square from a fixed seed.
    static func cluster(_ n: Int, side: Double, seed: UInt32) -> [SIMD2<Double>] {
        let random = RandomSource(seed: seed)
        return (0..<n).map { _ in SIMD2(random.next() * side, random.next() * side) }
    }

    @Test func aFarNodeLeavesTheNearSumsExact() throws {
        // One leaf: 19 nodes a few units apart and one 1e9 away. Its centre is then 5e8 from the cluster, where
        // Float would round the cluster's offsets to a grid of 32 units (a relative error near 1); in Double they
        // are off by a few ulps of 5e8 (about 1e-8 relative).
        let (fast, exactSum) = try Self.chargeAgainstTheExactSum(
            Self.cluster(19, side: 20, seed: 5) + [SIMD2(1e9, 0)])
        #expect(Self.relativeRMS(fast, exactSum) < 1e-6, "\(Self.relativeRMS(fast, exactSum))")
        // Many leaves in a tree 1e12 wide, with a pair 0.5 apart (closer than distanceMin) inside the cluster.
        var points = Self.cluster(600, side: 300, seed: 6)
        points[1] = points[0] + SIMD2(0.5, 0)
        let (wideFast, wideSum) = try Self.chargeAgainstTheExactSum(points + [SIMD2(1e12, -1e12)])
        #expect(Self.relativeRMS(wideFast, wideSum) < 1e-3, "\(Self.relativeRMS(wideFast, wideSum))")
    }

    @Test func closePairsKeepTheirForceWithoutADistanceMin() throws {
        // distanceMin 0 and two nodes about 1e-6 apart on either side of x = 0, a cell boundary of the tree (not
        // level: exact mode jiggles a difference of exactly 0 on an axis, fast mode does not).
        var points: [SIMD2<Double>] = (0..<400).map { i in
            let column = Double(i % 20), row = Double(i / 20)
            return SIMD2(column * 10 - 95, row * 10 - 95)
        }
        points += [SIMD2(-5e-7, 0.3), SIMD2(5e-7, 0.3000004)]
        let (fast, exactSum) = try Self.chargeAgainstTheExactSum(points, distanceMin: 0)
        #expect(Self.relativeRMS(fast, exactSum) < 1e-3, "\(Self.relativeRMS(fast, exactSum))")
    }

    @Test func aTinyLayoutKeepsItsForces() throws {
        // 200 nodes within 1e-21 (squared distances below Float's least normal number): every pair is closer than
        // distanceMin 1, so each pushes with the full strength.
        let (fast, exactSum) = try Self.chargeAgainstTheExactSum(
            Self.cluster(200, side: 1e-21, seed: 7))
        #expect(Self.relativeRMS(fast, exactSum) < 1e-3, "\(Self.relativeRMS(fast, exactSum))")
    }

    @Test func cellsTooCloseForTheExpansionsSumTheirPointsDirectly() throws {
        // distanceMin 0 and cells about 1e-60 apart, where 1 / R⁶ in the translation to a local expansion would
        // leave Double's range (it gave NaN): a whole layout that small, and a cluster that tight inside a usual one.
        let tiny = Self.cluster(300, side: 0x1p-200, seed: 7)
        let tight = Self.cluster(300, side: 100, seed: 7).map { $0 - SIMD2(50, 50) } + Self.cluster(100, side: 1e-60, seed: 8)
        for points in [tiny, tight] {
            let (fast, exactSum) = try Self.chargeAgainstTheExactSum(points, distanceMin: 0)
            #expect(Self.relativeRMS(fast, exactSum) < 1e-3, "\(Self.relativeRMS(fast, exactSum))")
        }
    }

    @Test func layoutsOfEveryScaleAndStrengthStayCloseToTheExactSum() throws {
        // Random layouts from 1e-25 to 1e13 across, off-centre up to a million times their size (so the tree stays
        // within the multipoles' 1e20), with distanceMin 0, 1 or a fraction of the size and strengths of one sign
        // or mixed: fast mode's charge (Float or Double per leaf) stays finite and at most a third as far from the
        // sum over all pairs as exact mode's Barnes-Hut (which, as d3's, also skips a cell whose strengths add up
        // to 0).
        let random = RandomSource(seed: 11)
        for round in 0..<40 {
            let n = 2 + Int(random.next() * 300)
            let scale = pow(10, (random.next() * 38 - 25).rounded())
            let offset = SIMD2(random.next() - 0.5, random.next() - 0.5) * scale * pow(10, (random.next() * 6).rounded())
            let points = (0..<n).map { _ in SIMD2(random.next(), random.next()) * scale + offset }
            let distanceMin = [0, 1, scale * 1e-3][round % 3]
            let strengths = (0..<n).map { i in round % 2 == 1 && i % 3 == 0 ? 20.0 : -30.0 }
            let state = try Simulation(nodeCount: n, mode: .exact) { k in
                for (i, p) in points.enumerated() { (k.x[i], k.y[i]) = (p.x, p.y) }
            }
            let charge = { ManyBodyForce(strength: .perNode { strengths[$0] }, distanceMin: distanceMin) }
            let fast = try Self.chargeStep(state, mode: .fast, charge: charge())
            let exact = try Self.chargeStep(state, mode: .exact, charge: charge())
            // The sum over all pairs with d3's distanceMin rule, times alpha after one tick and the velocity decay.
            let alpha = 1 + (0 - 1) * (1 - pow(0.001, 1.0 / 300)), dmin2 = distanceMin * distanceMin
            var sum = [Double](repeating: 0, count: 2 * n)
            for i in 0..<n {
                for j in 0..<n where points[j] != points[i] {
                    let d = points[j] - points[i]
                    var l = (d * d).sum()
                    if l < dmin2 { l = (dmin2 * l).squareRoot() }
                    sum[i] += strengths[j] * d.x / l * alpha * 0.6
                    sum[n + i] += strengths[j] * d.y / l * alpha * 0.6
                }
            }
            let fastError = Self.relativeRMS(fast, sum), exactError = Self.relativeRMS(exact, sum)
            #expect(fast.allSatisfy { $0.isFinite })
            #expect(
                fastError <= max(1e-6, exactError / 3),
                "round \(round): n \(n), scale \(scale), distanceMin \(distanceMin): \(fastError) (exact \(exactError))")
        }
    }

    @Test func fastModeIn3DKeepsExactModesCharge() throws {
        let state = try Self.simulation(1500, mode: .exact, seed: 4, dimensions: 3)
        try state.tick(5)
        let exact = try Self.chargeStep(state, mode: .exact, charge: ManyBodyForce())
        let fast = try Self.chargeStep(state, mode: .fast, charge: ManyBodyForce())
        #expect(fast.map(\.bitPattern) == exact.map(\.bitPattern))
    }

    @Test func distanceLimitsApplyInFastModeToo() throws {
        let state = try Self.simulation(1500, mode: .exact, seed: 2)
        try state.tick(5)
        let limited = { ManyBodyForce(theta: 0, distanceMin: 20, distanceMax: 60) }
        let exact = try Self.chargeStep(state, mode: .exact, charge: limited())
        let fast = try Self.chargeStep(state, mode: .fast, charge: limited())
        #expect(Self.relativeRMS(fast, exact) < 1e-9)
    }

    @Test func fastModeIsDeterministicOnAnyThreadCount() throws {
        for dimensions in [2, 3] {
            var results: [[Double]] = []
            for threads in [1, 2, 3] {
                let sim = try Self.simulation(5000, mode: .fast, seed: 7, dimensions: dimensions, threads: threads)
                try sim.tick(3)
                let k = sim.kinetics
                results.append(Array(k.x) + Array(k.y) + Array(k.z) + Self.velocities(k))
            }
            #expect(results[0].map(\.bitPattern) == results[1].map(\.bitPattern))
            #expect(results[0].map(\.bitPattern) == results[2].map(\.bitPattern))
        }
    }

    @Test func nodesOutOfReachTakeNoPartOnAnyThreadCount() throws {
        // More than 4096 nodes within reach, so the sums are added to the velocities in chunks on several threads,
        // while every node, out of reach or not, is packed for the leaves.
        var results: [[UInt64]] = []
        for threads in [1, 2, 3] {
            let sim = try Simulation(nodeCount: 6000, mode: .fast)
            sim.threads = threads
            let k = sim.kinetics
            for i in stride(from: 0, to: 6000, by: 97) { k.x[i] = .nan }
            for i in stride(from: 5, to: 6000, by: 131) { k.y[i] = .infinity }
            try sim.setForce("charge", ManyBodyForce())
            try sim.tick(2)
            let outOfReach = Set(stride(from: 0, to: 6000, by: 97)).union(stride(from: 5, to: 6000, by: 131))
            #expect((0..<6000).allSatisfy { outOfReach.contains($0) || (k.vx[$0].isFinite && k.vy[$0].isFinite) })
            #expect(outOfReach.allSatisfy { k.vx[$0] == 0 && k.vy[$0] == 0 })
            results.append((Array(k.x) + Array(k.y) + Self.velocities(k)).map(\.bitPattern))
        }
        #expect(results[0] == results[1])
        #expect(results[0] == results[2])
    }

    @Test func exactModeIsTheDefaultAndOtherForcesAndOutsideForcesRunInFastMode() throws {
        #expect(try Simulation(nodeCount: 3).mode == .exact)
        let sim = try Simulation(nodeCount: 50, dimensions: 3, mode: .fast)
        let probe = ProbeForce()
        try sim.setForce("link", LinkForce(links: Self.benchmarkGraph(50)))
        try sim.setForce("collide", CollideForce(radius: 5))
        try sim.setForce("x", PositionForce(axis: .x))
        try sim.setForce("radial", RadialForce(radius: 30))
        try sim.setForce("probe", probe)
        try sim.setForce("charge", ManyBodyForce())
        try sim.tick(3)
        #expect(probe.applied.count == 3)
        #expect(sim.kinetics.x.allSatisfy(\.isFinite) && sim.kinetics.z.allSatisfy(\.isFinite))
    }

    /// Layout quality after 300 ticks: stress (hop distances, best scale) and edge crossings, each the mean over
    /// five random placements, within 2% of exact mode's (crossings within 2% or 3, at this small size).
    @Test func layoutsAreAsGoodAsExactModes() throws {
        let n = 250
        let links = Self.benchmarkGraph(n)
        let hops = Self.hopDistances(n, links)
        var figures: [SimulationMode: (stress: Double, crossings: Double)] = [:]
        for mode in [SimulationMode.exact, .fast] {
            var stress = 0.0, crossings = 0.0
            for seed in 1...5 {
                let sim = try Self.simulation(n, mode: mode, seed: UInt32(seed))
                try sim.tick(300)
                let k = sim.kinetics
                let points = (0..<n).map { SIMD2(k.x[$0], k.y[$0]) }
                stress += Self.stress(points, hops) / 5
                crossings += Double(Self.crossings(points, links)) / 5
            }
            figures[mode] = (stress, crossings)
        }
        let exact = figures[.exact]!, fast = figures[.fast]!
        #expect(abs(fast.stress - exact.stress) <= 0.02 * exact.stress, "stress exact \(exact) fast \(fast)")
        #expect(
            abs(fast.crossings - exact.crossings) <= max(3, 0.02 * exact.crossings),
            "crossings exact \(exact) fast \(fast)")
    }

    /// Hop distances between all pairs (breadth-first from each node).
    static func hopDistances(_ n: Int, _ links: [(source: Int, target: Int)]) -> [[Int]] {
        var neighbours = [[Int]](repeating: [], count: n)
        for link in links {
            neighbours[link.source].append(link.target)
            neighbours[link.target].append(link.source)
        }
        return (0..<n).map { start in
            var distance = [Int](repeating: -1, count: n)
            distance[start] = 0
            var queue = [start], head = 0
            while head < queue.count {
                let u = queue[head]
                head += 1
                for v in neighbours[u] where distance[v] < 0 {
                    distance[v] = distance[u] + 1
                    queue.append(v)
                }
            }
            return distance
        }
    }

    /// Normalised stress at the best uniform scale: sum over connected pairs of (s d - D)² / D², over the pairs.
    static func stress(_ points: [SIMD2<Double>], _ hops: [[Int]]) -> Double {
        var a = 0.0, b = 0.0, pairs = 0.0
        for i in 0..<points.count {
            for j in (i + 1)..<points.count where hops[i][j] > 0 {
                let d = ((points[i] - points[j]) * (points[i] - points[j])).sum().squareRoot()
                let h = Double(hops[i][j])
                a += d / h
                b += d * d / (h * h)
                pairs += 1
            }
        }
        return (pairs - a * a / b) / pairs
    }

    /// Pairs of links without a shared end whose segments cross.
    static func crossings(_ points: [SIMD2<Double>], _ links: [(source: Int, target: Int)]) -> Int {
        func side(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ r: SIMD2<Double>) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        var count = 0
        for i in 0..<links.count {
            let a = links[i]
            for j in (i + 1)..<links.count {
                let b = links[j]
                if a.source == b.source || a.source == b.target || a.target == b.source || a.target == b.target {
                    continue
                }
                let p = points[a.source], q = points[a.target], r = points[b.source], s = points[b.target]
                if side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0 { count += 1 }
            }
        }
        return count
    }
}
