import Foundation
import Testing
@testable import ForceSimulation

/// Random placement: seeded, uniform in the spiral's disk (ball in 3D), only for nodes without a position.
@Suite struct PlacementTests {
    /// Positions of a fresh simulation, all axes in one array.
    private func positions(_ n: Int, dimensions: Int = 2, seed: UInt32, placement: Placement) throws -> [Double] {
        let k = try Simulation(nodeCount: n, dimensions: dimensions, seed: seed, placement: placement).kinetics
        return Array(k.x) + Array(k.y) + Array(k.z)
    }

    @Test func theSameSeedGivesTheSamePointsAndAnotherSeedOthers() throws {
        for dimensions in [2, 3] {
            let first = try positions(200, dimensions: dimensions, seed: 3, placement: .random)
            let again = try positions(200, dimensions: dimensions, seed: 3, placement: .random)
            let other = try positions(200, dimensions: dimensions, seed: 4, placement: .random)
            #expect(first.map(\.bitPattern) == again.map(\.bitPattern))
            #expect(zip(first, other).allSatisfy { $0 != $1 })
        }
    }

    @Test func phyllotaxisIsTheDefaultAndIgnoresTheSeed() throws {
        let byDefault = try Simulation(nodeCount: 50, seed: 9)
        #expect(byDefault.placement == .phyllotaxis)
        #expect(try positions(50, seed: 9, placement: .phyllotaxis) == positions(50, seed: 1, placement: .phyllotaxis))
        #expect(byDefault.kinetics.x[7] == Placement.point2D(7).x)
    }

    @Test func randomPointsFillTheSpiralsDiskUniformly() throws {
        let n = 4000
        let sim = try Simulation(nodeCount: n, seed: 11, placement: .random)
        let k = sim.kinetics
        let extent = Placement.point2D(n - 1)
        let radius = (extent.x * extent.x + extent.y * extent.y).squareRoot()
        let distances = (0..<n).map { (k.x[$0] * k.x[$0] + k.y[$0] * k.y[$0]).squareRoot() }
        #expect(distances.allSatisfy { $0 <= radius * (1 + 1e-12) })
        // Uniform in area: half the points within radius / sqrt 2, a quarter within radius / 2 (±3 sd).
        let inner = Double(distances.filter { $0 < radius / 2.0.squareRoot() }.count) / Double(n)
        let core = Double(distances.filter { $0 < radius / 2 }.count) / Double(n)
        #expect(abs(inner - 0.5) < 0.025 && abs(core - 0.25) < 0.021)
        // Every direction alike: the four quadrants hold a quarter each.
        let east = Double((0..<n).filter { k.x[$0] > 0 && k.y[$0] > 0 }.count) / Double(n)
        #expect(abs(east - 0.25) < 0.021)
        #expect(sim.random.calls == 2 * n)
    }

    @Test func randomPointsFillTheSpiralsBallUniformly() throws {
        let n = 4000
        let k = try Simulation(nodeCount: n, dimensions: 3, seed: 5, placement: .random).kinetics
        let extent = Placement.point3D(n - 1)
        let radius = (extent.x * extent.x + extent.y * extent.y + extent.z * extent.z).squareRoot()
        let distances = (0..<n).map { i -> Double in
            let square: Double = k.x[i] * k.x[i] + k.y[i] * k.y[i]
            return (square + k.z[i] * k.z[i]).squareRoot()
        }
        #expect(distances.allSatisfy { $0 <= radius * (1 + 1e-12) })
        // Uniform in volume: half the points within radius / cbrt 2; each octant an eighth.
        let inner = Double(distances.filter { $0 < radius / cbrt(2) }.count) / Double(n)
        #expect(abs(inner - 0.5) < 0.025)
        let octant = Double((0..<n).filter { k.x[$0] > 0 && k.y[$0] > 0 && k.z[$0] > 0 }.count) / Double(n)
        #expect(abs(octant - 0.125) < 0.016)
    }

    @Test func onlyUnplacedNodesDrawAndReplacedNodesUseTheNewCount() throws {
        let sim = try Simulation(nodeCount: 10, seed: 2, placement: .random) { k in
            (k.x[0], k.y[0]) = (500, 600)
            k.fx[1] = 7
            k.fy[1] = 8
        }
        let k = sim.kinetics
        #expect((k.x[0], k.y[0], k.x[1], k.y[1]) == (500, 600, 7, 8))
        #expect(sim.random.calls == 2 * 8)
        try sim.replaceNodes(keeping: [0] + Array(repeating: nil, count: 999))
        #expect((k.x[0], k.y[0]) == (500, 600))
        let extent = Placement.point2D(999)
        let radius = (extent.x * extent.x + extent.y * extent.y).squareRoot()
        let farthest = (1..<1000).map { (k.x[$0] * k.x[$0] + k.y[$0] * k.y[$0]).squareRoot() }.max()!
        // 999 uniform points reach beyond 95% of the new disk's radius (the old disk's is 12% of it).
        #expect(farthest <= radius && farthest > 0.95 * radius)
        #expect(sim.random.calls == 2 * 8 + 2 * 999)
    }
}
