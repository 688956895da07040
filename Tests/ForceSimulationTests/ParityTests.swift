import Foundation
import Testing
@testable import ForceSimulation

/// Trajectories against d3-force 3.0.0's recorded cases.
@Suite struct ParityTests {
    @Test(arguments: ReferenceCase.names)
    func seededFromSnapshotZeroMatchesWithin1e12(name: String) throws {
        let reference = try ReferenceCase(name)
        let sim = try reference.simulation(seeded: true)
        var done = 0
        for snapshot in reference.snapshots {
            try sim.tick(snapshot.tick - done)
            done = snapshot.tick
            #expect(sim.alpha == snapshot.alpha, "\(name) tick \(snapshot.tick)")
            #expect(sim.random.calls == snapshot.randomCalls, "\(name) tick \(snapshot.tick)")
            let diff = ReferenceCase.difference(sim, snapshot)
            #expect(diff <= 1e-12, "\(name) tick \(snapshot.tick): \(diff)")
        }
    }

    @Test(arguments: ReferenceCase.names)
    func ownPlacementMatchesWithinTolerance(name: String) throws {
        let reference = try ReferenceCase(name)
        let sim = try reference.simulation(seeded: false)
        var done = 0
        for snapshot in reference.snapshots {
            try sim.tick(snapshot.tick - done)
            done = snapshot.tick
            #expect(sim.random.calls == snapshot.randomCalls, "\(name) tick \(snapshot.tick)")
            let diff = ReferenceCase.difference(sim, snapshot)
            let tolerance = snapshot.tick <= 10 ? 1e-9 : 1e-4
            #expect(diff <= tolerance, "\(name) tick \(snapshot.tick): \(diff)")
        }
    }

    @Test func linkDerivedValuesMatch() throws {
        let reference = try ReferenceCase("a_miserables")
        let sim = try reference.simulation(seeded: true)
        let link = sim.force(named: "link") as! LinkForce
        let derived = try #require(reference.linkDerived)
        #expect(link.sources == derived.source)
        #expect(link.targets == derived.target)
        #expect(link.degrees == derived.degree)
        #expect(link.biases == derived.bias)
        #expect(link.strengths == derived.strength)
        #expect(link.distances == derived.distance)
    }
}
