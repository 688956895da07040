import D3Random
import Foundation
import Testing
@testable import GraphModel

@Test func lcgMatchesD3() {
    var random = LCG()
    // s1 = 1664525 + 1013904223 = 1015568748, and so on.
    #expect(random.next() == 1_015_568_748.0 / 4_294_967_296)
    #expect(random.state == 1_015_568_748)
    #expect(random.next() == Double(UInt32((1_664_525 * UInt64(1_015_568_748) + 1_013_904_223) % 4_294_967_296)) / 4_294_967_296)
}

@Test func recursiveMatchesTheBenchmarkGraphFixture() throws {
    // Tests/Fixtures/g1000.edges: G(1000) as "source target" lines, written by an independent implementation of
    // the definition in docs/benchmark-graph.md.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/g1000.edges")
    let pairs = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").map { line in
        line.split(separator: " ").map { String($0) }
    }
    let generated = try Graph.generate(kind: "recursive", parameters: given { $0.n = 1000; $0.seed = 1 })
    #expect(generated.nodeIds == (0..<1000).map(String.init))
    #expect(generated.edgeCount == 1998)
    #expect(generated.edges.map(\.source) == pairs.map { $0[0] })
    #expect(generated.edges.map(\.target) == pairs.map { $0[1] })
}

@Test func gridLadderTreeAndBlocksHaveTheirShapes() throws {
    let grid = try Graph.generate(kind: "grid", parameters: given { $0.rows = 3; $0.columns = 4 })
    #expect(grid.nodeCount == 12 && grid.edgeCount == 3 * 3 + 2 * 4)
    #expect(grid.node("6")?.data == ["row": .integer(1), "column": .integer(2)])
    let ladder = try Graph.generate(kind: "ladder", parameters: given { $0.rungs = 4 })
    #expect(ladder.nodeCount == 8 && ladder.edgeCount == 4 + 2 * 3)
    #expect(ladder.node("5")?.data == ["side": .integer(1), "rung": .integer(2)])
    #expect(ladder.outgoers(of: "2").map(\.id) == ["3", "4"] && ladder.outgoers(of: "7").isEmpty)
    let tree = Graph.tree(n: 10, branching: 3)
    #expect(tree.edgeCount == 9 && tree.outgoers(of: "0").map(\.id) == ["1", "2", "3"])
    let blocks = Graph.stochasticBlock(sizes: [5, 5], pIn: 1, pOut: 0)
    #expect(blocks.edgeCount == 20 && blocks.node("7")?.data["group"] == .integer(1))
    #expect(blocks.edges.allSatisfy { (Int($0.source)! < 5) == (Int($0.target)! < 5) })
}

@Test func randomGeneratorsAreSeededAndSized() throws {
    let dense = Graph.erdosRenyi(n: 200, p: 0.1)
    let pairs = Set(dense.edges.map { "\($0.source)-\($0.target)" })
    #expect(pairs.count == dense.edgeCount, "no pair twice")
    #expect(abs(Double(dense.edgeCount) - 0.1 * 19900) < 4 * (0.1 * 0.9 * 19900).squareRoot())
    #expect(try Graph.generate(kind: "erdos-renyi", parameters: given { $0.n = 200; $0.p = 0.1 }).edges == dense.edges)
    #expect(Graph.erdosRenyi(n: 200, p: 0.1, seed: 2).edges != dense.edges)
    #expect(try Graph.erdosRenyi(n: 50, m: 300).edgeCount == 300)
    let ba = try Graph.barabasiAlbert(n: 300, m: 2)
    #expect(ba.edgeCount == 2 * (300 - 2))
    #expect(Set(ba.edges.map { "\($0.source)-\($0.target)" }).count == ba.edgeCount)
    let sbm = try Graph.generate(kind: "stochasticBlock", parameters: given { $0.clusters = 3; $0.n = 10; $0.pIn = 0.5; $0.pOut = 0.1 })
    #expect(sbm.nodes.map { $0.data["group"]!.number! } == [0, 0, 0, 0, 1, 1, 1, 2, 2, 2])
}

@Test func miserablesIsBuiltIn() throws {
    let graph = try Graph.generate(kind: "miserables")
    #expect(graph.nodeCount == 77 && graph.edgeCount == 254)
    #expect(graph.node("Valjean")?.data["group"] == .integer(2))
    #expect(graph.edges.first?.data["value"] == .integer(1))
    #expect(graph.edges.reduce(0) { $0 + $1.data["value"]!.number! } == 820)
}

@Test func generateRejectsUnknownKindsAndBadOptions() throws {
    #expect(throws: GraphError.self) { try Graph.generate(kind: "smallWorld") }
    #expect(throws: GraphError("recursive: option 'n' is required")) { try Graph.generate(kind: "recursive") }
    #expect(throws: GraphError("recursive: unknown option 'm' (takes n, seed)")) {
        try Graph.generate(kind: "recursive", parameters: given { $0.n = 5; $0.m = 2 })
    }
    #expect(throws: GraphError("tree: option 'branching' must be a whole number ≥ 1, got 0")) {
        try Graph.generate(.tree, parameters: given { $0.n = 5; $0.branching = 0 })
    }
    #expect(throws: GraphError.self) { try Graph.generate(kind: "erdosRenyi", parameters: given { $0.n = 5; $0.p = 2 }) }
    #expect(throws: GeneratorOptionError("erdosRenyi", option: nil, "give either p or m")) {
        try Graph.generate(kind: "erdosRenyi", parameters: given { $0.n = 5; $0.p = 0.5; $0.m = 2 })
    }
    // Options that do not go together name the one to change.
    #expect(throws: GeneratorOptionError("barabasiAlbert", option: "m", "an integer ≥ 1 and < n = 3 expected, got 5")) {
        try Graph.generate(.barabasiAlbert, parameters: given { $0.n = 3; $0.m = 5 })
    }
    #expect(throws: GeneratorOptionError("erdosRenyi", option: "m", "at most the 3 pairs of n = 3 nodes expected, got 5")) {
        try Graph.generate(.erdosRenyi, parameters: given { $0.n = 3; $0.m = 5 })
    }
    // Each option may be a billion, but not the graph they make together (it would exhaust memory).
    #expect(throws: GraphError("grid: 1e+18 nodes and about 2e+18 edges are more than a generator builds (at most 1e7 nodes and 2e7 edges)")) {
        try Graph.generate(kind: "grid", parameters: given { $0.rows = 1_000_000_000; $0.columns = 1_000_000_000 })
    }
    let tooBig: [(String, GeneratorParameters)] = [
        ("recursive", given { $0.n = 20_000_000 }), ("tree", given { $0.n = 100_000_000 }), ("erdosRenyi", given { $0.n = 1_000_000; $0.p = 1 }),
        ("erdosRenyi", given { $0.n = 100_000_000; $0.p = 0 }), ("erdosRenyi", given { $0.n = 100_000; $0.m = 30_000_000 }), ("barabasiAlbert", given { $0.n = 1_000_000; $0.m = 30 }),
        ("stochasticBlock", given { $0.clusters = 1_000_000_000; $0.size = 1; $0.pIn = 0; $0.pOut = 0 }),
        ("stochasticBlock", given { $0.clusters = 2; $0.n = 1_000_000; $0.pIn = 0.5; $0.pOut = 0 }),
    ]
    for (kind, options) in tooBig {
        #expect(throws: GraphError.self, "\(kind) \(options)") { try Graph.generate(kind: kind, parameters: options) }
    }
    #expect(try Graph.generate(kind: "stochasticBlock", parameters: given { $0.clusters = 100; $0.n = 1000; $0.pIn = 0.1; $0.pOut = 0.01 }).nodeCount == 1000)
}

@Test func generatorKindsAreNamedIgnoringCaseAndSeparators() throws {
    #expect(GraphGenerator(name: "Erdos_Renyi") == .erdosRenyi)
    #expect(GraphGenerator(name: "stochastic-block") == .stochasticBlock)
    #expect(GraphGenerator(name: "smallWorld") == nil)
    #expect(try Graph.generate(.tree, parameters: given { $0.n = 4 }).edgeCount == 3)
    #expect(throws: GraphError("miserables: takes no options, got 'n'")) { try Graph.generate(.miserables, parameters: given { $0.n = 1 }) }
}

/// Parameters with the fields `set` sets.
private func given(_ set: (inout GeneratorParameters) -> Void) -> GeneratorParameters {
    var parameters = GeneratorParameters()
    set(&parameters)
    return parameters
}
