import Foundation
import GraphModel
import Render
import Testing
@testable import GraphLayout

/// On layouts of real graphs, crossings counted row by row (above `exactCrossingLimit` edges) are the crossings
/// testing every pair counts, on any number of threads.
@Suite struct CrossingCountTests {
    /// The crossings of the graph's layout, counted by rows (`limit` 0) or by testing every pair (`limit` Int.max).
    static func crossings(_ graph: Graph, limit: Int, threads: Int) throws -> Double {
        var options = Metrics.Options()
        options.exactCrossingLimit = limit
        options.threads = threads
        return try Metrics.measure(only: [.crossings], positions: graph.nodes.map { SIMD2($0.position.x, $0.position.y) },
                                   edges: graph.edgeEndIndices, options: options)[0].1
    }

    /// Debian's package dependencies (a hub-and-spoke graph, short and long edges) and G(1500) (random long edges),
    /// laid out by the multilevel layout (a small coarsest level and no polish, to keep the test quick).
    @Test(arguments: ["debian-packages", "G(1500)"]) func rowsCountWhatEveryPairCounts(_ name: String) throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/graphs/debian-packages.edgelist").path
        let graph = name == "G(1500)" ? Graph.recursive(n: 1500) : try Graph.load(path: fixture)
        var options = MultilevelOptions()
        options.coarsestSize = 100
        options.polishSweeps = 0
        _ = try MultilevelLayout.apply(to: graph, options: options, threads: 2)
        let exact = try Self.crossings(graph, limit: .max, threads: 1)
        #expect(exact > 1000)
        for threads in [1, 2] { #expect(try Self.crossings(graph, limit: 0, threads: threads) == exact) }
    }
}
