import D3Random
import Foundation
import GraphModel
import Render
import Testing
@testable import GraphLayout

/// forcelab's stress metric (docs/metrics.md) of the graph's current layout, every node a source.
func stressMetric(_ graph: Graph, weight: String? = nil) throws -> Double {
    let positions = graph.nodes.map { SIMD2($0.position.x, $0.position.y) }
    var options = Metrics.Options()
    options.exactNodeLimit = graph.nodeCount
    options.edgeWeights = try weight.map { try graph.edgeWeights(field: $0) }
    return try Metrics.measure(positions: positions, edges: graph.edgeEndIndices, options: options).stress
}

/// The distance between two nodes' positions, z included.
private func gap(_ graph: Graph, _ a: String, _ b: String) -> Double {
    let p = graph.node(a)!.position, q = graph.node(b)!.position
    let dz = (p.z ?? 0) - (q.z ?? 0)
    return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) + dz * dz).squareRoot()
}

@Suite struct StressLayoutTests {
    @Test func aPathLiesOnALineAtItsDistances() throws {
        let graph = Graph.tree(n: 8, branching: 1)
        let outcome = try StressLayout.apply(to: graph)
        #expect(outcome.converged && !outcome.sparse && outcome.iterations > 1)
        #expect(try stressMetric(graph) < 1e-6)
        #expect(abs(gap(graph, "0", "7") - 7 * 30) < 0.1)
        #expect(abs(gap(graph, "3", "4") - 30) < 0.1)
    }

    @Test func gradientDescentLowersTheSparseStressAndIsSeeded() throws {
        func layout(iterations: Int, solver: StressSolver, seed: Int = 1) throws -> (Graph, StressOutcome) {
            let graph = Graph.tree(n: 300, branching: 3)
            var options = StressOptions()
            options.exactNodeLimit = 100
            options.pivots = 20
            options.iterations = iterations
            options.solver = solver
            options.seed = seed
            return (graph, try StressLayout.apply(to: graph, options: options))
        }
        let (start, _) = try layout(iterations: 0, solver: .majorization)
        let (descended, outcome) = try layout(iterations: 500, solver: .sgd)
        #expect(outcome.sparse && outcome.iterations == StressGradientDescent.epochs && !outcome.converged)
        #expect(try stressMetric(descended) < 0.8 * stressMetric(start))
        let (again, _) = try layout(iterations: 500, solver: .sgd)
        #expect(again.nodes.map(\.position) == descended.nodes.map(\.position))
        let (reseeded, _) = try layout(iterations: 500, solver: .sgd, seed: 2)
        #expect(reseeded.nodes.map(\.position) != descended.nodes.map(\.position))
    }

    @Test func theSameSeedGivesTheSameLayoutAndTheLayoutIsCentred() throws {
        func layout(seed: Int) throws -> [Point] {
            let graph = Graph.miserables()
            var options = StressOptions()
            options.seed = seed
            _ = try StressLayout.apply(to: graph, options: options)
            return graph.nodes.map(\.position)
        }
        let first = try layout(seed: 7)
        #expect(try layout(seed: 7) == first)
        #expect(try layout(seed: 8) != first)
        #expect(first.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z == nil })
        #expect(abs(first.map(\.x).reduce(0, +)) < 1e-6 && abs(first.map(\.y).reduce(0, +)) < 1e-6)
    }

    @Test func weightsSetTheDistances() throws {
        let graph = Graph.tree(n: 6, branching: 1)
        for (i, edge) in graph.edges.enumerated() {
            try graph.updateEdge(edge.id) { $0.data["length"] = .number(Double(i + 1)) }
        }
        var options = StressOptions()
        options.weight = "length"
        _ = try StressLayout.apply(to: graph, options: options)
        #expect(try stressMetric(graph, weight: "length") < 1e-6)
        #expect(abs(gap(graph, "0", "5") - (1 + 2 + 3 + 4 + 5) * 30) < 0.1)
        try graph.updateEdge(graph.edges[2].id) { $0.data["length"] = .number(-1) }
        #expect(throws: GraphError("edge 'e2' (2 -> 3): weight field 'length' is -1; a weight must be a positive finite number")) {
            try StressLayout.apply(to: graph, options: options)
        }
    }

    @Test func sparseStressWithEveryNodeAPivotIsFullStress() throws {
        var sparse = StressOptions()
        sparse.exactNodeLimit = 0
        sparse.solver = .majorization
        let full = Graph.grid(rows: 6, columns: 7), pivoted = Graph.grid(rows: 6, columns: 7)
        #expect(try !StressLayout.apply(to: full).sparse)
        #expect(try StressLayout.apply(to: pivoted, options: sparse).sparse)
        for (a, b) in zip(full.nodes, pivoted.nodes) {
            #expect(abs(a.position.x - b.position.x) < 1e-6 && abs(a.position.y - b.position.y) < 1e-6)
        }
    }

    @Test func sparseStressWithFewPivotsStaysCloseToFullStress() throws {
        // A random graph, whose rim the farthest-first pivots would crowd (measured: 1.56 times the full stress here;
        // the sampled pivots 1.18).
        let full = Graph.recursive(n: 600), pivoted = Graph.recursive(n: 600)
        _ = try StressLayout.apply(to: full)
        var sparse = StressOptions()
        sparse.exactNodeLimit = 100
        sparse.pivots = 30
        sparse.solver = .majorization
        #expect(try StressLayout.apply(to: pivoted, options: sparse).sparse)
        let fullStress = try stressMetric(full), sparseStress = try stressMetric(pivoted)
        #expect(sparseStress < 1.25 * fullStress && fullStress < sparseStress)
    }

    /// The gradient descent keeps its terms in single precision, and the sparse model its pivot terms' counts, not
    /// their weights; edge lengths far from 1 (1e-25, 1e25: weights 1/d² beyond Float's range) still give the layout
    /// they give at length 1, scaled, not NaN, a refusal, or pivot terms dropped, in either model with either solver.
    @Test func bothModelsAndSolversTakeLengthsFarFromOne() throws {
        func layout(length: Double, sparse: Bool, solver: StressSolver) throws -> [Point] {
            let graph = Graph.tree(n: 12, branching: 2)
            for edge in graph.edges { try graph.updateEdge(edge.id) { $0.data["length"] = .number(length) } }
            var options = StressOptions()
            options.weight = "length"
            options.solver = solver
            if sparse {
                options.exactNodeLimit = 5
                options.pivots = 4
            }
            #expect(try StressLayout.apply(to: graph, options: options).sparse == sparse)
            return graph.nodes.map(\.position)
        }
        for sparse in [false, true] {
            for solver in StressSolver.allCases {
                let unit = try layout(length: 1, sparse: sparse, solver: solver)
                for length in [1e-25, 1e25] {
                    let scaled = try layout(length: length, sparse: sparse, solver: solver)
                    let place = "length \(length), sparse \(sparse), \(solver)"
                    #expect(scaled.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(place)")
                    for (p, q) in zip(unit, scaled) {
                        #expect(abs(q.x / length - p.x) < 1e-6 * 30 && abs(q.y / length - p.y) < 1e-6 * 30, "\(place)")
                    }
                }
            }
        }
        // Lengths 1e40 apart are more than single precision holds beside each other: refused, naming the solver.
        let graph = Graph.tree(n: 3, branching: 1)
        for (edge, length) in zip(graph.edges, [1e-20, 1e20]) { try graph.updateEdge(edge.id) { $0.data["length"] = .number(length) } }
        var options = StressOptions()
        options.weight = "length"
        options.solver = .sgd
        #expect { try StressLayout.apply(to: graph, options: options) } throws: { error in
            (error as? LayoutOptionError)?.option == "solver" && "\(error)".contains("single precision")
        }
    }

    @Test func theBatchedShuffleGivesFisherAndYatessOrder() {
        // 1,000 terms (repeated draws within a batch are certain at this size), shuffled one swap at a time and in
        // batches from the same seed: the same order, and the same state of the random source after.
        let terms = (0..<1000).map { StressGradientDescent.Term(i: Int32($0), j: 0, d: 1, w: 1) }
        var one = terms, batched = terms
        var random = LCG(seed: 7), again = LCG(seed: 7)
        for k in stride(from: one.count - 1, to: 0, by: -1) { one.swapAt(k, random.next(below: k + 1)) }
        StressGradientDescent.shuffle(&batched, random: &again)
        #expect(batched.map(\.i) == one.map(\.i) && batched.map(\.i) != terms.map(\.i))
        #expect(again.state == random.state)
    }

    @Test func sampledPivotsAreSeededDistinctAndReachEveryComponentFirst() throws {
        // Two paths, of 50 and 10 nodes: the second pivot must be in the path the first cannot reach.
        let paths = try ShortestPaths(nodeCount: 60, edges: (0..<49).map { ($0, $0 + 1) } + (50..<59).map { ($0, $0 + 1) })
        func pivots(seed: UInt32) throws -> [Int] {
            var random = LCG(seed: seed)
            return try Pivots(count: 8, nodeCount: 60, first: 0, gap: 1, choice: .sampled, random: &random, check: { _ in }) {
                paths.distances(from: $0)
            }.nodes
        }
        let chosen = try pivots(seed: 1)
        #expect(Set(chosen).count == 8 && chosen[0] == 0 && chosen[1] >= 50)
        #expect(try pivots(seed: 1) == chosen)
        #expect(try pivots(seed: 2) != chosen)
    }

    @Test func aSparseLayoutChecksWhileItFindsItsPivotsWeightsAndStart() throws {
        // No sweep at all: every check comes from the pivots' distances, the sparse model's weights and the PivotMDS
        // start, each of which checks for every node, so a Ctrl-C or a limit stops them, leaving the graph as it was.
        let graph = Graph.tree(n: 300, branching: 3)
        var options = StressOptions()
        options.exactNodeLimit = 100
        options.pivots = 20
        options.iterations = 0
        options.solver = .majorization
        var calls = 0
        let outcome = try StressLayout.apply(to: graph, options: options) { _ in calls += 1 }
        #expect(outcome.sparse && outcome.iterations == 0)
        #expect(calls >= 20 + 4 * 300, "pivot rows, two passes of the model and two of the start, node by node")
        struct Stop: Error {}
        for stopAt in [1, 20 + 300, calls] {
            let before = graph.nodes.map(\.position)
            var count = 0
            #expect(throws: Stop.self) {
                try StressLayout.apply(to: graph, options: options) { _ in
                    count += 1
                    if count == stopAt { throw Stop() }
                }
            }
            #expect(graph.nodes.map(\.position) == before)
        }
    }

    @Test func aboveTheExactSizeTheDefaultIsGradientDescentWithMorePivots() throws {
        var options = StressOptions()
        options.exactNodeLimit = 100
        #expect(options.pivotCount(nodeCount: 100) == 100 && options.solverUsed(nodeCount: 100) == .majorization)
        #expect(options.pivotCount(nodeCount: 101) == 200 && options.solverUsed(nodeCount: 101) == .sgd)
        options.pivots = 30
        options.solver = .majorization
        #expect(options.pivotCount(nodeCount: 101) == 30 && options.solverUsed(nodeCount: 101) == .majorization)
        var defaults = StressOptions()
        defaults.exactNodeLimit = 100
        let sparse = try StressLayout.apply(to: Graph.tree(n: 300, branching: 3), options: defaults)
        #expect(sparse.sparse && sparse.iterations == StressGradientDescent.epochs && !sparse.converged)
        let exact = try StressLayout.apply(to: Graph.tree(n: 300, branching: 3))
        #expect(!exact.sparse && exact.converged)
    }

    @Test func theMemoryAskedForCountsTheGradientDescentsTermsAndARefusalComesFirst() throws {
        // A binary tree of 300 nodes (598 neighbour entries), 20 pivots, in 2D, the bytes counted by hand: the sparse
        // model 300 × 20 × (8 + 4), then the PivotMDS start's 300 × 20 × 8 + 300 × 8 (its per-node means) +
        // 20 × 20 × 8 or the gradient descent's 300 × 20 + 598 terms of 16 bytes, and the positions 300 × 3 × 2 × 8;
        // the exact model 300 × 300 × 8, then twice 300 × 20 × 8 + 300 × 8 + 20 × 20 × 8, or 300 × 299 terms of 16
        // bytes. The layout asks for them with the shortest-path adjacency it builds first: 299 edges of 64 bytes
        // (a pair handed in, two ends of 16 bytes, two neighbour entries) and 301 × 3 words of degrees and offsets.
        let cases: [(sparse: Bool, solver: StressSolver, bytes: Int)] = [
            (true, .majorization, 72_000 + 53_600 + 14_400), (true, .sgd, 72_000 + 105_568 + 14_400),
            (false, .majorization, 720_000 + 101_600 + 14_400), (false, .sgd, 720_000 + 1_435_200 + 14_400),
        ]
        let adjacency = 299 * 64 + 301 * 3 * 8
        #expect(ShortestPaths.memoryNeeded(nodeCount: 300, edgeCount: 299, weighted: false) == adjacency)
        #expect(ShortestPaths.memoryNeeded(nodeCount: 300, edgeCount: 299, weighted: true) == adjacency + 299 * 24)
        for (sparse, solver, bytes) in cases {
            let graph = Graph.tree(n: 300, branching: 2)
            var options = StressOptions()
            options.exactNodeLimit = sparse ? 100 : 300
            options.pivots = 20
            options.solver = solver
            #expect(StressLayout.memoryNeeded(nodeCount: 300, adjacency: 598, sparse: sparse, pivots: 20, dimensions: 2,
                                              solver: solver) == bytes)
            let before = graph.nodes.map(\.position)
            var checks = 0
            do {
                _ = try MemoryRequest.$ceiling.withValue(1) {
                    try StressLayout.apply(to: graph, options: options) { _ in checks += 1 }
                }
                Issue.record("a layout asking for \(bytes) bytes under a ceiling of 1 byte was not refused")
            } catch let refusal as MemoryRequest.Refusal {
                #expect(refusal.bytes == bytes + adjacency)
                #expect(refusal.purpose == (sparse ? "the stress layout's pivot rows (300 nodes × 20 pivots)"
                                                   : "the stress layout's all-pairs distances (300 × 300 nodes)"))
            }
            #expect(checks == 0, "refused before any distance was computed")
            #expect(graph.nodes.map(\.position) == before)
        }
    }

    @Test func threeDimensionsPlaceATetrahedron() throws {
        let graph = Graph()
        for id in ["a", "b", "c", "d"] { try graph.addNode(Node(id: id)) }
        for (s, t) in [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")] {
            try graph.addEdge(Edge(id: s + t, source: s, target: t))
        }
        var options = StressOptions()
        options.dimensions = 3
        _ = try StressLayout.apply(to: graph, options: options)
        for (s, t) in [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")] {
            #expect(abs(gap(graph, s, t) - 30) < 1e-3)
        }
        options.dimensions = 2
        _ = try StressLayout.apply(to: graph, options: options)
        #expect(graph.nodes.allSatisfy { $0.position.z == nil })
        #expect(abs(gap(graph, "a", "b") - 30) > 1)
    }

    @Test func componentsStayApartAndChildrenAreWrittenRelativeToTheirParents() throws {
        func layout(parent: String?) throws -> Graph {
            let graph = Graph.grid(rows: 3, columns: 3)
            try graph.addNode(Node(id: "loose"))
            try graph.updateNode("4") { $0.parentId = parent }
            _ = try StressLayout.apply(to: graph)
            return graph
        }
        let graph = try layout(parent: "0"), plain = try layout(parent: nil)
        let positions = graph.nodeIds.map { graph.absolutePosition(of: $0)! }
        for (i, p) in positions.enumerated() {
            for q in positions[(i + 1)...] { #expect(hypot(p.x - q.x, p.y - q.y) > 20) }
        }
        for (p, q) in zip(positions, plain.nodes.map(\.position)) { #expect(abs(p.x - q.x) + abs(p.y - q.y) < 1e-9) }
        #expect(graph.node("4")!.position != plain.node("4")!.position)
        let empty = Graph()
        _ = try StressLayout.apply(to: empty)
        let single = Graph()
        try single.addNode(Node(id: "only"))
        _ = try StressLayout.apply(to: single)
        #expect(single.node("only")!.position == Point(x: 0, y: 0))
    }

    @Test func optionsOutOfRangeAreNamed() throws {
        let cases: [(WritableKeyPath<StressOptions, Int>, Int, String)] = [
            (\.dimensions, 4, "option 'dimensions': from 2 to 3 expected, got 4"),
            (\.iterations, -1, "option 'iterations': from 0 to 10000000 expected, got -1"),
            (\.seed, -1, "option 'seed': from 0 to 4294967295 expected, got -1"),
            (\.exactNodeLimit, 30000, "option 'exactNodeLimit': from 0 to 20000 expected, got 30000"),
        ]
        for (field, value, message) in cases {
            var options = StressOptions()
            options[keyPath: field] = value
            #expect(throws: LayoutOptionError.self) { try options.check() }
            do { try options.check() } catch { #expect("\(error)" == message) }
        }
        var options = StressOptions()
        options.pivots = 1
        #expect(throws: LayoutOptionError(option: "pivots", problem: "from 2 to 10000 expected, got 1")) { try options.check() }
        options = StressOptions()
        options.tolerance = .nan
        #expect(throws: LayoutOptionError(option: "tolerance", problem: "from 0 to 1 expected, got nan")) { try options.check() }
        options = StressOptions()
        options.scale = 0
        #expect(throws: LayoutOptionError(option: "scale", problem: "from 1e-09 to 1000000000 expected, got 0")) { try options.check() }
        options = StressOptions()
        options.weight = ""
        #expect(throws: LayoutOptionError(option: "weight", problem: "a field name expected, got an empty string")) { try options.check() }
    }
}
