import XCTest
import GraphModel
@testable import Render

final class MetricsTests: XCTestCase {
    let square: [SIMD2<Double>] = [[0, 0], [10, 0], [10, 10], [0, 10]]
    let cycle = [(0, 1), (1, 2), (2, 3), (3, 0)]

    func testSquareCycle() throws {
        let m = try Metrics.measure(positions: square, edges: cycle, radii: [6, 6, 6, 6])
        XCTAssertEqual(m.crossings, 0)
        XCTAssertEqual(m.edgeLengthMean, 10)
        XCTAssertEqual(m.edgeLengthCV, 0)
        XCTAssertEqual(m.minAngle, 90, accuracy: 1e-9)
        XCTAssertEqual(m.overlaps, 4)
        XCTAssertEqual(m.sources, 4)
        XCTAssertEqual(m.neighbourhoodPreservation, 1)
        // Stress by its definition: the scale alpha minimising sum ((alpha d - g) / g)^2, then the mean.
        var terms: [(d: Double, g: Double)] = []
        for s in 0..<4 {
            for j in 0..<4 where j != s {
                let g = Double(min(abs(s - j), 4 - abs(s - j)))
                terms.append((Metrics.distance(square[s], square[j]), g))
            }
        }
        let alpha = terms.map { $0.d / $0.g }.reduce(0, +) / terms.map { $0.d * $0.d / ($0.g * $0.g) }.reduce(0, +)
        let expected = terms.map { pow((alpha * $0.d - $0.g) / $0.g, 2) }.reduce(0, +) / Double(terms.count)
        XCTAssertEqual(m.stress, expected, accuracy: 1e-12)
        XCTAssertGreaterThan(m.stress, 0.02)
    }

    func testStraightPathIsStressFree() throws {
        let positions = (0..<6).map { SIMD2(Double($0) * 12, 3) }
        let m = try Metrics.measure(positions: positions, edges: (0..<5).map { ($0, $0 + 1) })
        XCTAssertEqual(m.stress, 0, accuracy: 1e-12)
        XCTAssertEqual(m.minAngle, 180, accuracy: 1e-9)
        XCTAssertEqual(m.neighbourhoodPreservation, 1)
        XCTAssertEqual(m.overlaps, 0)
    }

    func testDiagonalsCrossOnce() throws {
        let m = try Metrics.measure(positions: square, edges: cycle + [(0, 2), (1, 3)])
        XCTAssertEqual(m.crossings, 1)
        XCTAssertEqual(m.minAngle, 45, accuracy: 1e-9)
        XCTAssertLessThan(m.edgeLengthMean, 10 * (4 + 2 * 2.0.squareRoot()) / 6 + 1e-9)
        XCTAssertGreaterThan(m.edgeLengthCV, 0)
    }

    func testCrossingsCanBeLeftUncounted() throws {
        let edges = cycle + [(0, 2), (1, 3)]
        var options = Metrics.Options()
        options.countsCrossings = false
        let counted = try Metrics.measure(positions: square, edges: edges)
        let uncounted = try Metrics.measure(positions: square, edges: edges, options: options)
        XCTAssertNil(uncounted.crossings)
        XCTAssertEqual(uncounted.pairs.map(\.name), counted.pairs.map(\.name).filter { $0 != "crossings" })
        XCTAssertEqual(uncounted.pairs.map(\.value), counted.pairs.filter { $0.name != "crossings" }.map(\.value))
        var work = 0
        _ = try Metrics.measure(positions: square, edges: edges, options: options) { work += $0 }
        var countedWork = 0
        _ = try Metrics.measure(positions: square, edges: edges) { countedWork += $0 }
        XCTAssertEqual(countedWork - work, 15, "the 15 pairs of six edges are tested only when crossings are counted")
    }

    /// A random layout of `n` nodes in a `width` × `height` rectangle with `m` edges (no self loops), from d3's LCG.
    private func randomLayout(nodes n: Int, edges m: Int, width: Double, height: Double, seed: UInt32)
        -> (positions: [SIMD2<Double>], edges: [(Int, Int)]) {
        var state = seed
        func random() -> Double {
            state = state &* 1664525 &+ 1013904223
            return Double(state) / 4294967296
        }
        let positions = (0..<n).map { _ in SIMD2(random() * width, random() * height) }
        let edges = (0..<m).map { _ in (Int(random() * Double(n)), Int(random() * Double(n))) }.filter { $0.0 != $0.1 }
        return (positions, edges)
    }

    /// Integers below a bound from d3's LCG, from `seed`.
    private func integers(seed: UInt32) -> (Int) -> Int {
        var state = seed
        return { below in
            state = state &* 1664525 &+ 1013904223
            return Int(state >> 8) % below
        }
    }

    func testRowCountMatchesPairwiseCount() throws {
        let (positions, edges) = randomLayout(nodes: 300, edges: 450, width: 500, height: 300, seed: 7)
        let exact = try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter())
        XCTAssertGreaterThan(exact, 100)
        for threads in [1, 2, 3] {
            XCTAssertEqual(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: threads, meter: WorkMeter()), exact)
        }
    }

    /// The rows count what testing every pair counts, on many random layouts: real coordinates, small integer
    /// ones (touching ends, collinear overlaps, shared points exact, crossings on the rows' lines), one horizontal
    /// line, one vertical line, long and short edges.
    func testRowCountMatchesPairwiseCountOnRandomLayouts() throws {
        let random = integers(seed: 11)
        for trial in 0..<300 {
            let n = 2 + random(40), m = random(80)
            let spread = [3, 10, 1000][trial % 3]
            let positions = (0..<n).map { _ in
                trial % 7 == 0 ? SIMD2(Double(random(spread)), 5)
                    : trial % 11 == 0 ? SIMD2(-2, Double(random(spread)))
                    : SIMD2(Double(random(spread)), Double(random(spread)) + (trial % 2 == 0 ? 0 : Double(random(1000)) / 997))
            }
            let edges = (0..<m).map { _ in (random(n), random(n)) }
            let exact = try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter())
            XCTAssertEqual(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: 1 + trial % 2, meter: WorkMeter()),
                           exact, "trial \(trial)")
        }
    }

    /// Nearly collinear segments that do not meet are not counted where rounding makes an orientation 0: two
    /// parallel ones, disjoint along x, and (near 1e-300, where every rounded orientation underflows to 0) segments
    /// whose boxes overlap; a touching end and a crossing still count, on both paths.
    func testNearlyCollinearAndTinySegmentsCountExactly() throws {
        let parallel: [SIMD2<Double>] = [[1.4, 0.8], [1.9, 0.9], [0.4, 0.6], [0.9, 0.7]]
        let shapes: [([SIMD2<Double>], Int)] = [
            (parallel, 0),
            (parallel.map { $0 * 1e-300 }, 0),
            ([[0, 0], [2, 2], [1.5, 0], [3, 1]].map { $0 * 1e-300 }, 0),
            ([[0, 0], [2, 2], [1, 1], [3, 0]].map { $0 * 1e-300 }, 1),
            ([[0, 0], [2, 2], [0, 2], [2, 0]].map { $0 * 1e-300 }, 1),
        ]
        for (positions, expected) in shapes {
            let edges = [(0, 1), (2, 3)]
            XCTAssertEqual(try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter()), expected, "\(positions)")
            XCTAssertEqual(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: 1, meter: WorkMeter()), expected, "\(positions)")
        }
    }

    /// On random layouts on a 0.1 grid (nearly collinear and nearly touching points everywhere, none exact in binary)
    /// testing every pair counts what the slabs count.
    func testPairwiseCountMatchesSlabsOnATenthGrid() throws {
        let random = integers(seed: 17)
        for trial in 0..<200 {
            let n = 4 + random(30), m = 10 + random(60)
            let positions = (0..<n).map { _ in SIMD2(Double(random(30)) / 10, Double(random(30)) / 10) }
            let edges = (0..<m).map { _ in (random(n), random(n)) }
            XCTAssertEqual(try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter()),
                           try EdgeCrossings.rowed(positions: positions, edges: edges, threads: 1 + trial % 2, meter: WorkMeter()),
                           "trial \(trial)")
        }
    }

    /// On a layout of 3,000 random edges (some repeated, many sharing ends), on real coordinates and on a coarse
    /// grid (touching, collinear and coincident points), the slabs count what testing every pair counts, on 1 and 2
    /// threads, with less work than there are crossings.
    func testSlabCountMatchesPairwiseCountOnALargeLayout() throws {
        for (integer, threads) in [(false, 1), (true, 2)] {
            var (positions, edges) = randomLayout(nodes: 1500, edges: 1500, width: 1000, height: 800, seed: 3)
            if integer { positions = positions.map { ($0 / 25).rounded(.down) } }
            edges += (0..<1500).map { i in (i % 1000, (i * 7 + 1) % 1000) }
            let exact = try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter())
            var work = 0
            let meter = WorkMeter { work += $0 }
            XCTAssertEqual(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: threads, meter: meter),
                           exact, "integer \(integer)")
            try meter.flush()
            XCTAssertLessThan(work, exact, "crossings are counted, not each tested")
        }
    }

    /// Segments whose crossings gather in a few slabs (a bundle turning over itself near one height, where a slab's
    /// inversions pass the insertion sort's budget and a merge sort counts them) are counted as testing every pair
    /// counts, on 1, 2 and 5 threads (bands of rows).
    func testSlabCountWhereCrossingsGatherInOneSlab() throws {
        let random = integers(seed: 23)
        var positions: [SIMD2<Double>] = [], edges: [(Int, Int)] = []
        for i in 0..<600 {
            positions.append(SIMD2(Double(i), 0))
            positions.append(SIMD2(Double(600 - i) + Double(random(1000)) / 1000, 2))
            edges.append((2 * i, 2 * i + 1))
        }
        let exact = try EdgeCrossings.pairwise(positions: positions, edges: edges, meter: WorkMeter())
        XCTAssertGreaterThan(exact, 150_000)
        for threads in [1, 2, 5] {
            XCTAssertEqual(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: threads, meter: WorkMeter()), exact)
        }
    }

    /// The sort that carries a line's order to the next sorts by x, then by place in the edge list, and counts the
    /// pairs it found out of that order: on points nearly in order (the insertion sort alone), with ties in x, and in
    /// random order (past the insertion sort's budget, where a merge sort finishes).
    func testSortCountingInversionsCountsThePairsOutOfOrder() {
        let random = integers(seed: 29)
        for (count, spread) in [(0, 1), (1, 1), (50, 3), (2000, 5), (2000, 60), (2000, 1_000_000)] {
            let points = (0..<count).map { i in
                EdgeCrossings.LineKey(x: Double((i + random(spread)) / 2), segment: Int32(random(3) * count + i), from: 0)
            }
            var outOfOrder = 0
            for i in points.indices {
                for j in points.indices where j > i && points[j].precedes(points[i]) { outOfOrder += 1 }
            }
            var sorted = points, scratch: [EdgeCrossings.LineKey] = []
            XCTAssertEqual(EdgeCrossings.sortCountingInversions(&sorted, scratch: &scratch), outOfOrder, "\(count) points, spread \(spread)")
            XCTAssertEqual(sorted.map(\.segment), points.sorted { $0.precedes($1) }.map(\.segment))
            if spread == 1_000_000 { XCTAssertGreaterThan(outOfOrder, 32 * count, "past the insertion sort's budget") }
        }
    }

    /// Counting by rows answers to the limits: the meter is charged as rows are done, and a check that throws stops it.
    func testRowCountAnswersToTheLimits() throws {
        let (positions, edges) = randomLayout(nodes: 2000, edges: 3000, width: 1000, height: 1000, seed: 5)
        var work = 0
        let meter = WorkMeter { work += $0 }
        let crossings = try EdgeCrossings.rowed(positions: positions, edges: edges, threads: 2, meter: meter)
        try meter.flush()
        XCTAssertGreaterThan(crossings, 100_000, "long random edges cross often")
        XCTAssertGreaterThan(work, edges.count, "every segment along a line and every pair tested is charged")
        XCTAssertLessThan(work, crossings, "crossings inside a slab are counted as inversions, not tested one by one")
        struct Stop: Error {}
        var charged = 0
        XCTAssertThrowsError(try EdgeCrossings.rowed(positions: positions, edges: edges, threads: 2, meter: WorkMeter {
            charged += $0
            if charged > work / 10 { throw Stop() }
        })) { XCTAssertTrue($0 is Stop) }
        XCTAssertLessThan(charged, work / 2, "stopped within a batch of rows")
    }

    func testOverlapsAtAnyScale() throws {
        func overlaps(_ positions: [SIMD2<Double>], _ radius: Double) throws -> Int {
            try Metrics.measure(positions: positions, edges: [], radii: Array(repeating: radius, count: positions.count)).overlaps
        }
        XCTAssertEqual(try overlaps([[0, 0], [1e300, 0], [1e300, 5]], 5), 1)
        XCTAssertEqual(try overlaps([[0, 0], [10, 0], [10, 0]], 1e-300), 1)
        XCTAssertEqual(try overlaps([[0, 0], [1e200, 0], [3e200, 0]], 1e200), 1)
        XCTAssertEqual(try overlaps([[-1e308, 0], [1e308, 0], [0, 1.7e308]], 1.7e308), 3)
        for radius in [Double.infinity, .nan, -1] {
            XCTAssertThrowsError(try overlaps([[0, 0]], radius)) { XCTAssertTrue("\($0)".hasPrefix("node 1 has radius")) }
        }
    }

    /// The overlapping circles by the definition: every pair tested.
    private func pairwiseOverlaps(_ positions: [SIMD2<Double>], _ radii: [Double]) -> Int {
        var count = 0
        for i in positions.indices {
            for j in (i + 1)..<positions.count where Metrics.distance(positions[i], positions[j]) < radii[i] + radii[j] {
                count += 1
            }
        }
        return count
    }

    /// The tree's overlap count equals the pairwise definition on crowded and sparse random layouts: equal and unequal
    /// radii, centres on an integer grid (circles that only touch, radii whose sum is the diagonal's rounded length)
    /// and coincident centres; on a crowded layout it counts most pairs in groups, testing far fewer.
    func testOverlapsEqualThePairwiseDefinition() throws {
        let next = integers(seed: 11)
        for trial in 0..<40 {
            let n = 1 + next(600), spread = [1, 4, 20, 100, 1000][trial % 5]
            var positions: [SIMD2<Double>] = (0..<n).map { _ in
                trial % 2 == 0 ? SIMD2(Double(next(spread + 1)), Double(next(spread + 1)))
                    : SIMD2(Double(next(1 << 20)), Double(next(1 << 20))) * (Double(spread) / Double(1 << 20))
            }
            for k in stride(from: 3, to: n, by: 7) { positions[k] = positions[k / 3] }
            let radius = [0.5, 1, 2.0.squareRoot() / 2, 2.5, 5][(trial / 2) % 5]
            let radii = trial % 4 < 2 ? Array(repeating: radius, count: n) : (0..<n).map { _ in Double(next(9)) / 4 }
            XCTAssertEqual(try Proximity.overlaps(positions: positions, radii: radii, meter: WorkMeter()),
                           pairwiseOverlaps(positions, radii), "trial \(trial): \(n) circles over \(spread)")
        }
        let (crowded, _) = randomLayout(nodes: 2000, edges: 0, width: 12, height: 12, seed: 7)
        let radii = Array(repeating: 5.0, count: crowded.count)
        var work = 0
        let meter = WorkMeter { work += $0 }
        let count = try Proximity.overlaps(positions: crowded, radii: radii, meter: meter)
        try meter.flush()
        XCTAssertEqual(count, pairwiseOverlaps(crowded, radii))
        XCTAssertLessThan(work, count / 4, "groups of pairs are counted at once, not each tested")
    }

    /// Circle overlaps, box overlaps and angles answer to the limits: each charges the meter as it goes, and a check
    /// that throws stops it before its work is done.
    func testOverlapsBoxOverlapsAndAnglesAnswerToTheLimits() throws {
        struct Stop: Error {}
        let (positions, _) = randomLayout(nodes: 3000, edges: 0, width: 100, height: 100, seed: 3)
        let star = (1..<positions.count).map { (0, $0) }
        let sizes = [SIMD2<Double>?](repeating: [20, 20], count: positions.count)
        for figure in [Metrics.Figure.overlaps, .boxOverlaps, .minAngle] {
            func measure(_ check: @escaping (Int) throws -> Void) throws {
                _ = try Metrics.measure(only: [figure], positions: positions, edges: figure == .minAngle ? star : [],
                                        boxes: sizes, check: check)
            }
            var work = 0
            try measure { work += $0 }
            XCTAssertGreaterThan(work, 2 * WorkMeter.stride, "\(figure)")
            var charged = 0
            XCTAssertThrowsError(try measure {
                charged += $0
                if charged >= work / 2 { throw Stop() }
            }) { XCTAssertTrue($0 is Stop, "\(figure)") }
            XCTAssertLessThan(charged, work, "\(figure) stopped before its end")
        }
    }

    func testCrossingsAtAnyScale() throws {
        let far: [SIMD2<Double>] = [[-1e308, 0], [1e308, 0], [0, -1], [0, 1], [-1.7e308, 1], [1.7e308, 1]]
        for limit in [0, 2000] {
            var options = Metrics.Options()
            options.exactCrossingLimit = limit
            XCTAssertEqual(try Metrics.measure(positions: far, edges: [(0, 1), (2, 3)], options: options).crossings, 1)
            XCTAssertEqual(try Metrics.measure(positions: far, edges: [(0, 1), (4, 5)], options: options).crossings, 0)
        }
    }

    func testLargeGraphsUseADeterministicSample() throws {
        let n = 1500
        let positions = (0..<n).map { i in SIMD2(Double(i % 40) * 10, Double(i / 40) * 10) }
        let edges = (1..<n).map { ($0, $0 - 1) }
        var options = Metrics.Options()
        options.sampleSources = 50
        let a = try Metrics.measure(positions: positions, edges: edges, options: options)
        let b = try Metrics.measure(positions: positions, edges: edges, options: options)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.sources, 50)
        let sources = try GraphDistances(nodeCount: n, edges: edges, lengths: nil).sources(limit: 1000, samples: 50, seed: 1)
        XCTAssertEqual(sources, sources.sorted())
        XCTAssertEqual(Set(sources).count, 50)
    }

    /// A 40 × 30 grid graph with 200 random extra edges, drawn on its grid with random jitter: a mid-size layout with
    /// clear stress.
    func jitteredGrid() -> (positions: [SIMD2<Double>], edges: [(Int, Int)]) {
        var state: UInt32 = 11
        func random() -> Double {
            state = state &* 1664525 &+ 1013904223
            return Double(state) / 4294967296
        }
        let width = 40, n = 1200
        let positions = (0..<n).map { i in SIMD2(Double(i % width) + random() * 2, Double(i / width) + random() * 2) }
        var edges = (0..<n).flatMap { i -> [(Int, Int)] in
            (i % width + 1 < width ? [(i, i + 1)] : []) + (i + width < n ? [(i, i + width)] : [])
        }
        edges += (0..<200).map { _ in (Int(random() * Double(n)), Int(random() * Double(n))) }
        return (positions, edges)
    }

    func testStressAloneIsMeasuresAndSampledStressIsClose() throws {
        let (positions, edges) = jitteredGrid()
        var all = Metrics.Options()
        all.exactNodeLimit = positions.count
        let full = try Metrics.stress(positions: positions, edges: edges, options: all)
        XCTAssertGreaterThan(full, 0.05)
        // A sample as large as the graph is every node: the same stress as all pairs, bit for bit.
        var whole = Metrics.Options()
        whole.exactNodeLimit = 0
        whole.sampleSources = positions.count
        XCTAssertEqual(try Metrics.stress(positions: positions, edges: edges, options: whole), full)
        // The default sample (200 of 1200 sources) is within 3% of it, the same on every run, and measure's stress.
        let sampled = try Metrics.stress(positions: positions, edges: edges)
        XCTAssertNotEqual(sampled, full)
        XCTAssertEqual(sampled, full, accuracy: 0.03 * full)
        XCTAssertEqual(try Metrics.stress(positions: positions, edges: edges), sampled)
        var fewEdges = Metrics.Options()
        fewEdges.exactCrossingLimit = 0
        let measured = try Metrics.measure(positions: positions, edges: edges, options: fewEdges)
        XCTAssertEqual(measured.stress, sampled)
        XCTAssertEqual(measured.sources, 200)
        // Another seed draws other sources, as close.
        var reseeded = Metrics.Options()
        reseeded.seed = 2
        let other = try Metrics.stress(positions: positions, edges: edges, options: reseeded)
        XCTAssertNotEqual(other, sampled)
        XCTAssertEqual(other, full, accuracy: 0.03 * full)
        XCTAssertThrowsError(try Metrics.stress(positions: positions, edges: [(0, 1200)])) {
            XCTAssertEqual("\($0)", "edge 1 joins 0 and 1200, but there are 1200 nodes")
        }
    }

    func testAGraphsRadiiAndWeightsComeFromItsDataFieldsAsTheOptionsSay() throws {
        // Two nodes 5 apart, radii 10 and 1 in field r, then a third 20 further on; edge weights 1 and 4 in field w.
        let graph = Graph()
        try graph.addNode(Node(id: "a", x: 0, y: 0, data: ["r": .number(10)]))
        try graph.addNode(Node(id: "b", x: 5, y: 0, data: ["r": .number(1)]))
        try graph.addNode(Node(id: "c", x: 25, y: 0, data: ["r": .number(1)]))
        try graph.addEdge(Edge(id: "ab", source: "a", target: "b", data: ["w": .number(1)]))
        try graph.addEdge(Edge(id: "bc", source: "b", target: "c", data: ["w": .number(4)]))
        var options = Metrics.Options()
        let figure = { (name: String) in try Metrics.measure(only: [.overlaps, .edgeLengthMean], graph: graph, options: options).first { $0.0 == name }!.1 }
        XCTAssertEqual(try figure("overlaps"), 1, "radius 5 each: a and b overlap")
        options.nodeRadius = .field("r")
        XCTAssertEqual(try figure("overlaps"), 1)
        options.nodeRadius = .constant(1)
        XCTAssertEqual(try figure("overlaps"), 0)
        options.nodeRadius = .values([1, 1, 30])
        XCTAssertEqual(try figure("overlaps"), 2, "c reaches both")
        XCTAssertEqual(try figure("edgeLengthMean"), 12.5)
        options.weight = "w"
        XCTAssertEqual(try figure("edgeLengthMean"), 5)
        options.weight = "nope"
        XCTAssertThrowsError(try figure("edgeLengthMean")) { XCTAssertEqual("\($0)", "edge 'ab' (a -> b) has no weight field 'nope'") }
        options.weight = nil
        options.nodeRadius = .field("nope")
        XCTAssertThrowsError(try figure("overlaps")) { XCTAssertEqual("\($0)", "radius: node 'a' has no numeric data field 'nope'") }
        // Without the graph, a radius by data field has no data to read, and says so naming the node.
        XCTAssertThrowsError(try Metrics.measure(positions: square, edges: cycle, ids: ["p", "q", "r", "s"], options: options)) {
            XCTAssertEqual("\($0)", "radius: node 'p' has no numeric data field 'nope'")
        }
    }

    func testEdgeWeightsGiveWeightedStressAndLengths() throws {
        // A path a-b-c-d with weights 1, 2, 3 drawn at those lengths on a line: no stress, every edge at its weight.
        let line: [SIMD2<Double>] = [[0, 0], [10, 0], [30, 0], [60, 0]]
        let path = [(0, 1), (1, 2), (2, 3)]
        var options = Metrics.Options()
        options.edgeWeights = [1, 2, 3]
        let weighted = try Metrics.measure(positions: line, edges: path, options: options)
        XCTAssertEqual(weighted.stress, 0, accuracy: 1e-12)
        XCTAssertEqual(weighted.edgeLengthMean, 10, accuracy: 1e-12)
        XCTAssertEqual(weighted.edgeLengthCV, 0, accuracy: 1e-12)
        let hops = try Metrics.measure(positions: line, edges: path)
        XCTAssertGreaterThan(hops.stress, 0.05)
        XCTAssertEqual(hops.edgeLengthMean, 20, accuracy: 1e-12)
        // Weights of 1 are hop counts; a repeated edge counts at its smaller weight in graph distances.
        options.edgeWeights = [1, 1, 1, 1, 7]
        XCTAssertEqual(try Metrics.measure(positions: square, edges: cycle + [(0, 1)], options: options).stress,
                       try Metrics.measure(positions: square, edges: cycle).stress, accuracy: 1e-12)
        options.edgeWeights = [1, 1, 1]
        XCTAssertEqual(try Metrics.measure(positions: line, edges: path, options: options), hops)
        for (weights, message) in [([1, 2], "there are 2 edge weights but 3 edges"),
                                   ([1, 0, 3], "edge 2 has weight 0.0; weights must be positive finite numbers"),
                                   ([1, 2, .nan], "edge 3 has weight nan; weights must be positive finite numbers")] {
            options.edgeWeights = weights
            XCTAssertThrowsError(try Metrics.measure(positions: line, edges: path, options: options)) {
                XCTAssertEqual("\($0)", message)
            }
        }
    }

    func testPairsHaveAFixedOrder() throws {
        let m = try Metrics.measure(positions: square, edges: cycle)
        XCTAssertEqual(m.pairs.map(\.name), ["stress", "crossings", "edgeLengthMean", "edgeLengthCV", "minAngle",
                                             "overlaps", "boxOverlaps", "neighbourhoodPreservation", "sources"])
        XCTAssertEqual(m.pairs[2].value, 10)
        // Which way is better is said for every figure but the two that have no better way, by the names pairs use
        // (sweep --merge looks figures up by those names).
        XCTAssertEqual(Set(Metrics.better.keys), Set(m.pairs.map(\.name)).subtracting(["edgeLengthMean", "sources"]))
    }

    func testBoxOverlapsCountOverlappingRectanglesButNotAFrameAndWhatItHolds() throws {
        // Three 10 × 10 boxes: 0 and 1 overlap, 2 only touches 1; a circle (no size) over them all; a frame (4)
        // holding box 5, which overlaps box 0 too.
        let centres: [SIMD2<Double>] = [[0, 0], [9, 0], [19, 0], [5, 0], [0, 30], [4, 4]]
        let sizes: [SIMD2<Double>?] = [[10, 10], [10, 10], [10, 10], nil, [100, 100], [4, 4]]
        let parents: [Int?] = [nil, nil, nil, nil, nil, 4]
        let m = try Metrics.measure(positions: centres, edges: [], boxes: sizes, parents: parents)
        // 0–1, 0–5 and 1–5 overlap, the frame overlaps 0, 1 and 2 but holds 5.
        XCTAssertEqual(m.boxOverlaps, 6)
        XCTAssertEqual(try Metrics.measure(positions: centres, edges: []).boxOverlaps, 0)
        XCTAssertThrowsError(try Metrics.measure(positions: centres, edges: [], boxes: [nil])) {
            XCTAssertEqual("\($0)", "boxes has 1 sizes but there are 6 nodes")
        }
        let alone = try Metrics.measure(only: [.boxOverlaps], positions: centres, edges: [], boxes: sizes, parents: parents)
        XCTAssertEqual(alone.map(\.0), ["boxOverlaps"])
        XCTAssertEqual(alone.map(\.1), [6])
    }

    /// Stress as it was defined before the searches ran in parallel: every (source, node) pair's ratio added in turn.
    func sequentialStress(_ positions: [SIMD2<Double>], _ edges: [(Int, Int)], sources: [Int]) throws -> Double {
        let paths = try ShortestPaths(nodeCount: positions.count, edges: edges)
        var a = 0.0, b = 0.0, count = 0.0
        for s in sources {
            for (j, g) in paths.distances(from: s).enumerated() where g > 0 && g < .infinity {
                let ratio = Metrics.distance(positions[s], positions[j]) / g
                a += ratio
                b += ratio * ratio
                count += 1
            }
        }
        return count == 0 ? 0 : b == 0 ? 1 : max(0, 1 - a * a / (b * count))
    }

    /// Neighbourhood preservation as it was defined before the grid: each source's k nearest by sorting every node.
    func sortedNeighbourhoodPreservation(_ positions: [SIMD2<Double>], _ edges: [(Int, Int)], sources: [Int]) throws -> Double {
        let paths = try ShortestPaths(nodeCount: positions.count, edges: edges)
        var total = 0.0, count = 0.0
        for s in sources where !paths.range(of: s).isEmpty {
            let neighbours = paths.neighbours[paths.range(of: s)]
            let nearest = Set(positions.indices.filter { $0 != s }.map { j -> (Double, Int) in
                let d = positions[j] - positions[s]
                return ((d * d).sum(), j)
            }.sorted { $0 < $1 }.prefix(neighbours.count).map(\.1))
            let shared = neighbours.filter(nearest.contains).count
            total += Double(shared) / Double(2 * neighbours.count - shared)
            count += 1
        }
        return count > 0 ? total / count : 1
    }

    /// Random layouts of random graphs: spread real coordinates, small integer ones (many ties and shared points),
    /// every node on one line, every node on one point, a few far outliers.
    func randomLayouts() -> [(positions: [SIMD2<Double>], edges: [(Int, Int)])] {
        var state: UInt32 = 5
        func random(_ below: Int) -> Int {
            state = state &* 1664525 &+ 1013904223
            return Int(state >> 8) % below
        }
        return (0..<30).map { trial in
            let n = 2 + random(80), m = random(3 * n)
            let positions = (0..<n).map { i -> SIMD2<Double> in
                switch trial % 5 {
                case 0: return SIMD2(Double(random(100_000)) / 7, Double(random(100_000)) / 13)
                case 1: return SIMD2(Double(random(6)), Double(random(6)))
                case 2: return SIMD2(Double(random(1000)), 4)
                case 3: return SIMD2(3, -2)
                default: return i % 17 == 0 ? SIMD2(Double(random(9)) * 1e12, 1e9) : SIMD2(Double(random(500)), Double(random(500)))
                }
            }
            return (positions, (0..<m).map { _ in (random(n), random(n)) })
        }
    }

    func testParallelFiguresEqualTheSequentialDefinitions() throws {
        var layouts = randomLayouts()
        layouts.append(jitteredGrid())
        for (trial, (positions, edges)) in layouts.enumerated() {
            var options = Metrics.Options()
            options.sampleSources = 40
            let loops = edges.filter { $0.0 != $0.1 }
            // Every node of the small layouts, 40 sampled ones of the grid.
            let sources = try GraphDistances(nodeCount: positions.count, edges: loops, lengths: nil)
                .sources(limit: options.exactNodeLimit, samples: options.sampleSources, seed: options.seed)
            let expectedStress = try sequentialStress(positions, loops, sources: sources)
            let expectedPreservation = try sortedNeighbourhoodPreservation(positions, loops, sources: sources)
            for threads in [1, 3] {
                options.threads = threads
                let pairs = try Metrics.measure(only: [.stress, .neighbourhoodPreservation], positions: positions, edges: edges, options: options)
                XCTAssertEqual(pairs.map(\.0), ["stress", "neighbourhoodPreservation", "sources"])
                // The stress's sums are added source by source: the same up to rounding.
                XCTAssertEqual(pairs[0].1, expectedStress, accuracy: 1e-12 * max(1, expectedStress), "trial \(trial)")
                XCTAssertEqual(pairs[1].1, expectedPreservation, "trial \(trial), \(threads) threads")
            }
        }
    }

    func testFiguresAreTheSameWhateverTheThreadCount() throws {
        let (positions, edges) = jitteredGrid()
        var options = Metrics.Options()
        options.sampleSources = 150
        options.threads = 1
        let one = try Metrics.measure(positions: positions, edges: edges, options: options)
        for threads in [2, 5, 64] {
            options.threads = threads
            XCTAssertEqual(try Metrics.measure(positions: positions, edges: edges, options: options), one, "\(threads) threads")
        }
        options.edgeWeights = edges.indices.map { Double($0 % 3 + 1) }
        options.threads = 1
        let weighted = try Metrics.stress(positions: positions, edges: edges, options: options)
        options.threads = 4
        XCTAssertEqual(try Metrics.stress(positions: positions, edges: edges, options: options), weighted)
    }

    /// Random graphs of a few thousand nodes in four components whose nodes are interleaved, with isolated nodes,
    /// repeated edges and self loops, and sampled sources in every component: the searches on the renumbered graph
    /// (whose large levels are listed by a scan, small ones by a sort) give the sequential stress up to rounding, and
    /// the same figure bit for bit on any number of threads.
    func testRenumberedSearchesEqualTheSequentialStressOnGraphsInPieces() throws {
        var state: UInt32 = 23
        func random(_ below: Int) -> Int {
            state = state &* 1664525 &+ 1013904223
            return Int(state >> 8) % below
        }
        for (trial, samples) in [64, 65, 200, 130].enumerated() {
            let n = 1500 + random(1500)
            // A tenth of the nodes are isolated; the others join one of four components, each a random tree.
            let component = (0..<n).map { _ in random(10) == 0 ? -1 : random(4) }
            var members: [[Int]] = [[], [], [], []]
            var edges: [(Int, Int)] = []
            for v in 0..<n where component[v] >= 0 {
                let c = component[v]
                if !members[c].isEmpty { edges.append((v, members[c][random(members[c].count)])) }
                members[c].append(v)
            }
            for _ in 0..<n / 2 {
                let c = random(4)
                edges.append((members[c][random(members[c].count)], members[c][random(members[c].count)]))
            }
            edges += (0..<40).map { _ in edges[random(edges.count)] }
            edges += (0..<10).map { _ in (random(n), random(n)) }.map { ($0.0, $0.0) }
            let positions = (0..<n).map { _ in SIMD2(Double(random(1_000_000)) / 7, Double(random(1_000_000)) / 11) }
            var options = Metrics.Options()
            options.sampleSources = samples
            let loops = edges.filter { $0.0 != $0.1 }
            let sources = try GraphDistances(nodeCount: n, edges: loops, lengths: nil)
                .sources(limit: options.exactNodeLimit, samples: samples, seed: options.seed)
            XCTAssertEqual(Set(sources.map { component[$0] }).count, 5, "trial \(trial): sources in every component and isolated")
            let expected = try sequentialStress(positions, loops, sources: sources)
            options.threads = 1
            let one = try Metrics.stress(positions: positions, edges: edges, options: options)
            XCTAssertEqual(one, expected, accuracy: 1e-12 * expected, "trial \(trial)")
            for threads in [2, 3] {
                options.threads = threads
                XCTAssertEqual(try Metrics.stress(positions: positions, edges: edges, options: options), one, "trial \(trial), \(threads) threads")
            }
        }
    }

    func testOnlyTheFiguresAskedForAreMeasured() throws {
        let edges = cycle + [(0, 2), (1, 3)]
        let full = try Metrics.measure(positions: square, edges: edges, radii: [6, 6, 6, 6])
        let everything = try Metrics.measure(only: Set(Metrics.Figure.allCases), positions: square, edges: edges, radii: [6, 6, 6, 6])
        XCTAssertEqual(everything.map(\.0), full.pairs.map(\.name))
        XCTAssertEqual(everything.map(\.1), full.pairs.map(\.value))
        let some = try Metrics.measure(only: [.overlaps, .crossings], positions: square, edges: edges, radii: [6, 6, 6, 6])
        XCTAssertEqual(some.map(\.0), ["crossings", "overlaps"])
        XCTAssertEqual(some.map(\.1), [1, 4])
        // Figures not asked for cost no work: crossings alone charges the 15 pairs of six edges, nothing per source.
        var work = 0
        _ = try Metrics.measure(only: [.crossings], positions: square, edges: edges) { work += $0 }
        XCTAssertEqual(work, 15)
        work = 0
        _ = try Metrics.measure(only: [.stress], positions: square, edges: edges) { work += $0 }
        XCTAssertEqual(work, 16, "one unit per node for each of the four sources")
    }

    func testEmptyAndBadInput() throws {
        let empty = try Metrics.measure(positions: [], edges: [])
        XCTAssertEqual(empty.stress, 0)
        XCTAssertEqual(empty.minAngle, 360)
        XCTAssertThrowsError(try Metrics.measure(positions: square, edges: [(0, 9)])) {
            XCTAssertEqual("\($0)", "edge 1 joins 0 and 9, but there are 4 nodes")
        }
        XCTAssertThrowsError(try Metrics.measure(positions: square, edges: [], radii: [1]))
        XCTAssertThrowsError(try Metrics.measure(positions: [[.nan, 0]], edges: []))
    }
}
