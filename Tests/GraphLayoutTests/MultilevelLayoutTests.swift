import Foundation
import GraphModel
import Render
import Testing
@testable import GraphLayout

/// The positions of the graph's nodes, z included when there is one.
private func positions(_ graph: Graph) -> [Double] {
    graph.nodes.flatMap { [$0.position.x, $0.position.y] + ($0.position.z.map { [$0] } ?? []) }
}

/// Neighbourhood preservation (docs/metrics.md) of the graph's current 2D layout, every node a source.
private func neighbourhoodPreservation(_ graph: Graph) throws -> Double {
    var options = Metrics.Options()
    options.exactNodeLimit = graph.nodeCount
    options.countsCrossings = false
    return try Metrics.measure(
        positions: graph.nodes.map { SIMD2($0.position.x, $0.position.y) }, edges: graph.edgeIndexPairs, options: options
    ).neighbourhoodPreservation
}

@Suite struct MultilevelLayoutTests {
    @Test(arguments: Coarsening.allCases, [2, 3])
    func theSameSeedGivesTheSameBitsOnAnyThreadCount(coarsening: Coarsening, dimensions: Int) throws {
        func layout(seed: Int, threads: Int) throws -> ([Double], MultilevelOutcome) {
            let graph = Graph.grid(rows: 12, columns: 15)
            var options = MultilevelOptions()
            options.coarsening = coarsening
            options.dimensions = dimensions
            options.seed = seed
            options.coarsestSize = 10
            let outcome = try MultilevelLayout.apply(to: graph, options: options, threads: threads)
            return (positions(graph), outcome)
        }
        let (one, outcome) = try layout(seed: 3, threads: 1)
        let (two, _) = try layout(seed: 3, threads: 2)
        let (other, _) = try layout(seed: 4, threads: 2)
        #expect(one.map(\.bitPattern) == two.map(\.bitPattern))
        #expect(one != other)
        #expect(one.allSatisfy(\.isFinite) && one.count == 180 * dimensions)
        #expect(outcome.levels.count >= 3 && outcome.levels[0].nodes == 180 && outcome.levels[0].edges == 333)
        #expect(outcome.levels.last!.nodes <= 10 && outcome.levels.last!.ticks == MultilevelOptions().coarsestTicks)
        #expect(outcome.levels[0].ticks == MultilevelOptions().finestTicks)
        #expect(zip(outcome.levels, outcome.levels.dropFirst()).allSatisfy { $0.nodes > $1.nodes && $0.ticks <= $1.ticks })
    }

    /// A 30×30 grid folds under a single-level force layout (fast mode from d3's spiral: stress 0.06, neighbourhood
    /// preservation 0.45, measured) and unfolds here (0.030 and 0.71 with matching, 0.040 and 0.57 with solar systems).
    @Test(arguments: Coarsening.allCases) func aGridUnfolds(coarsening: Coarsening) throws {
        let graph = Graph.grid(rows: 30, columns: 30)
        var options = MultilevelOptions()
        options.coarsening = coarsening
        _ = try MultilevelLayout.apply(to: graph, options: options)
        #expect(try stressMetric(graph) < 0.05)
        #expect(try neighbourhoodPreservation(graph) > 0.5)
    }

    @Test func aStopLeavesTheGraphAsItWasAndWrongOptionsAreNamed() throws {
        struct Stop: Error {}
        let graph = Graph.grid(rows: 10, columns: 10)
        let before = positions(graph)
        var ticks = 0
        #expect(throws: Stop.self) {
            try MultilevelLayout.apply(to: graph) { _ in
                ticks += 1
                if ticks == 100 { throw Stop() }
            }
        }
        #expect(positions(graph).map(\.bitPattern) == before.map(\.bitPattern))
        var options = MultilevelOptions()
        options.minShrink = 1.5
        #expect(throws: LayoutOptionError(option: "minShrink", problem: "from 0.1 to 0.99 expected, got 1.5")) {
            try MultilevelLayout.apply(to: graph, options: options)
        }
    }

    @Test func graphsWithoutEdgesOrNodesAreLaidOut() throws {
        let empty = Graph()
        #expect(try MultilevelLayout.apply(to: empty).levels.count == 1)
        let lone = Graph.grid(rows: 1, columns: 1)
        _ = try MultilevelLayout.apply(to: lone)
        #expect(lone.nodes[0].position.x == 0 && lone.nodes[0].position.y == 0)
    }
}
