import D3Random
import GraphModel
import Testing
@testable import GraphLayout

@Suite struct StressDescentChecksTests {
    /// The gradient descent's first pass, which counts a model's terms, answers to the limits and Ctrl-C as its other
    /// passes do: on a path of 6 nodes (every pair a term, 5 a node) `check` runs for each node with the terms counted,
    /// then for each node with the terms listed, then once an epoch (30 terms, fewer than `checkInterval`); a stop at
    /// the first call leaves the points as they were.
    @Test func theCountingPassChecksEachNode() throws {
        let paths = try ShortestPaths(nodeCount: 6, edges: [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
        let model = try AllPairsStress(paths: paths, check: { _ in })
        let start = (0..<6).map { SIMD2<Double>(Double($0), 0.5 * Double($0 % 2)) }
        var points = start
        var random = LCG(seed: 1)
        var calls: [Int] = []
        _ = try StressGradientDescent.run(&points, model: model, random: &random) { calls.append($0) }
        #expect(calls == Array(repeating: 5, count: 12) + Array(repeating: 30, count: StressGradientDescent.epochs))
        struct Stop: Error {}
        points = start
        #expect(throws: Stop.self) { _ = try StressGradientDescent.run(&points, model: model, random: &random) { _ in throw Stop() } }
        #expect(points == start)
    }
}
