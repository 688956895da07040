import Testing
@testable import GraphModel

/// A graph of the given node ids (in order) and edges between them.
private func graph(_ ids: [String], _ edges: [(String, String)], directed: Bool) throws -> Graph {
    let graph = Graph()
    graph.directed = directed
    for id in ids { try graph.addNode(Node(id: id, x: 0, y: 0)) }
    for (k, (a, b)) in edges.enumerated() { try graph.addEdge(Edge(id: "e\(k)", source: a, target: b)) }
    return graph
}

/// Two triangles a-b-c and d-e-f, the cycle g -> h -> i -> g, and j alone, numbered from the largest component.
@Test func componentsAreNumberedFromTheLargest() throws {
    let g = try graph(
        ["j", "a", "b", "c", "d", "e", "f", "g", "h", "i"],
        [("a", "b"), ("b", "c"), ("c", "a"), ("d", "e"), ("e", "f"), ("f", "d"), ("c", "d"), ("g", "h"), ("h", "i"), ("i", "g")],
        directed: true)
    let weak = try g.connectedComponents()
    #expect(weak.count == 3)
    #expect(weak.numbers == [3, 1, 1, 1, 1, 1, 1, 2, 2, 2])
    // Strongly: c -> d only, so {a, b, c} and {d, e, f} part; the cycle g, h, i stays whole.
    let strong = try g.connectedComponents(strong: true)
    #expect(strong.count == 4)
    #expect(strong.numbers == [4, 1, 1, 1, 2, 2, 2, 3, 3, 3])
    g.directed = false
    #expect(try g.connectedComponents(strong: true).numbers == weak.numbers, "undirected: strong is connected")
}

/// A path of 200,000 nodes, one strong component each: the search keeps its own stack, not the thread's.
@Test func strongComponentsOfALongPathNeedNoRecursion() throws {
    let n = 200_000
    let components = try ConnectedComponents.strong(
        nodeCount: n, pairs: (0..<(n - 1)).map { ($0, $0 + 1) } + [(n - 1, 0)], meter: WorkMeter())
    #expect(Set(components).count == 1)
    let path = try ConnectedComponents.strong(nodeCount: n, pairs: (0..<(n - 1)).map { ($0, $0 + 1) }, meter: WorkMeter())
    #expect(Set(path).count == n)
}

/// A 4-clique with a tail, a repeated edge and a self-loop: cores 3, 3, 3, 3, 1, 1 (repeats and loops do not count).
@Test func coreNumbersTakeTheGraphAsSimple() throws {
    let g = try graph(
        ["a", "b", "c", "d", "e", "f"],
        [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d"), ("d", "e"), ("e", "f"), ("e", "f"), ("f", "f")],
        directed: false)
    #expect(try g.coreNumbers() == [3, 3, 3, 3, 1, 1])
    // Directed, a node's degree is in plus out: a pair of opposite edges counts twice, as in networkx.
    let d = try graph(["x", "y", "z"], [("x", "y"), ("y", "x"), ("y", "z")], directed: true)
    #expect(try d.coreNumbers() == [2, 2, 1])
}

/// Two 5-cliques joined by one edge: two communities, with the modularity the formula gives, the same for a seed.
@Test func louvainFindsTwoCliquesAndTheirModularity() throws {
    let left = (0..<5).map { "l\($0)" }, right = (0..<5).map { "r\($0)" }
    var edges: [(String, String)] = [("l0", "r0")]
    for side in [left, right] {
        for i in 0..<5 { for j in (i + 1)..<5 { edges.append((side[i], side[j])) } }
    }
    let g = try graph(left + right, edges, directed: false)
    let found = try g.louvainCommunities(communities { $0.seed = 3 })
    #expect(found.count == 2)
    #expect(Set(found.numbers[0..<5]).count == 1 && Set(found.numbers[5..<10]).count == 1 && found.numbers[0] != found.numbers[5])
    // m = 21; each clique holds 10 edges and degree 21: Q = 2 (10/21 - (21/42)^2).
    #expect(abs(found.modularity - 2 * (10.0 / 21 - 0.25)) < 1e-12)
    for seed in [1, 2, 3] as [UInt32] {
        #expect(try g.louvainCommunities(communities { $0.seed = seed }).numbers == g.louvainCommunities(communities { $0.seed = seed }).numbers)
    }
    // At resolution 0 nothing is lost by joining: every node joins one community.
    #expect(try g.louvainCommunities(communities { $0.resolution = 0 }).count == 1)
}

/// Each algorithm charges its work to the meter, and stops when the check throws.
@Test func theAlgorithmsStopWhenTheMeterSays() throws {
    struct Stop: Error {}
    let n = 20_000
    let g = Graph()
    g.directed = true
    for i in 0..<n { try g.addNode(Node(id: "n\(i)", x: 0, y: 0)) }
    for i in 0..<n { try g.addEdge(Edge(id: "e\(i)", source: "n\(i)", target: "n\((i * 7 + 1) % n)")) }
    func stopping() -> WorkMeter { WorkMeter { _ in throw Stop() } }
    #expect(throws: Stop.self) { try g.connectedComponents(meter: stopping()) }
    #expect(throws: Stop.self) { try g.connectedComponents(strong: true, meter: stopping()) }
    #expect(throws: Stop.self) { try g.coreNumbers(meter: stopping()) }
    #expect(throws: Stop.self) { try g.louvainCommunities(meter: stopping()) }
}

/// Community settings with the fields `set` sets.
private func communities(_ set: (inout Graph.CommunitySettings) -> Void) -> Graph.CommunitySettings {
    var settings = Graph.CommunitySettings()
    set(&settings)
    return settings
}
