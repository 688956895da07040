import D3Random
import Testing
@testable import GraphModel

/// All-pairs distances by Floyd–Warshall, the independent check for breadth-first search and Dijkstra.
private func floydWarshall(nodeCount n: Int, edges: [(Int, Int)], lengths: [Double]?) -> [[Double]] {
    var d = (0..<n).map { i in (0..<n).map { $0 == i ? 0.0 : .infinity } }
    for (k, (a, b)) in edges.enumerated() where a != b {
        let length = lengths?[k] ?? 1
        d[a][b] = min(d[a][b], length)
        d[b][a] = min(d[b][a], length)
    }
    for k in 0..<n {
        for i in 0..<n {
            for j in 0..<n where d[i][k] + d[k][j] < d[i][j] { d[i][j] = d[i][k] + d[k][j] }
        }
    }
    return d
}

@Test func shortestPathsMatchFloydWarshall() throws {
    var random = LCG(seed: 5)
    let n = 60
    // Two components (0..<40 and 40..<60), with self loops and repeated edges among the random ones.
    let edges = (0..<150).map { k -> (Int, Int) in
        let part = k < 110 ? 0..<40 : 40..<60
        return (part.lowerBound + random.next(below: part.count), part.lowerBound + random.next(below: part.count))
    }
    let lengths = edges.map { _ in 0.25 + random.next() * 4 }
    for weights in [nil, lengths] {
        let paths = try ShortestPaths(nodeCount: n, edges: edges, lengths: weights)
        let expected = floydWarshall(nodeCount: n, edges: edges, lengths: weights)
        for source in 0..<n {
            let found = paths.distances(from: source)
            for j in 0..<n {
                #expect(found[j] == expected[source][j] || abs(found[j] - expected[source][j]) < 1e-9)
            }
        }
        #expect(paths.distances(from: 3)[50] == .infinity)
    }
}

@Test func adjacencyKeepsRepeatedEdgesOnceAtTheirShortest() throws {
    let paths = try ShortestPaths(nodeCount: 3, edges: [(0, 1), (1, 0), (1, 1), (2, 1)], lengths: [4, 2, 1, 3])
    #expect(Array(paths.neighbours[paths.range(of: 1)]) == [0, 2])
    #expect(paths.range(of: 1).map(paths.length(at:)) == [2, 3])
    #expect(paths.distances(from: 0) == [0, 2, 5])
    let hops = try ShortestPaths(nodeCount: 3, edges: [(0, 1), (1, 0), (2, 1)])
    #expect(hops.lengths == nil && hops.distances(from: 2) == [2, 1, 0])
}

@Test func weightedPathsTakeTheShorterDetour() throws {
    let graph = Graph()
    for id in ["a", "b", "c"] { try graph.addNode(Node(id: id)) }
    try graph.addEdge(Edge(id: "ab", source: "a", target: "b", data: ["w": .number(5)]))
    try graph.addEdge(Edge(id: "bc", source: "b", target: "c", data: ["w": .number(1)]))
    try graph.addEdge(Edge(id: "ca", source: "c", target: "a", data: ["w": .number(1.5)]))
    #expect(graph.edgeEndIndices.map { [$0.0, $0.1] } == [[0, 1], [1, 2], [2, 0]])
    #expect(try graph.edgeWeights(field: "w") == [5, 1, 1.5])
    #expect(try graph.shortestPaths(weight: "w").distances(from: 0) == [0, 2.5, 1.5])
    #expect(try graph.shortestPaths().distances(from: 0) == [0, 1, 1])
}

@Test func badWeightsNameTheEdgeAndField() throws {
    let cases: [(DataValue?, String)] = [
        (nil, "edge 'e' (a -> b) has no weight field 'w'"),
        (.string("heavy"), "edge 'e' (a -> b): weight field 'w' is heavy, not a number"),
        (.number(0), "edge 'e' (a -> b): weight field 'w' is 0; a weight must be a positive finite number"),
        (.number(-2), "edge 'e' (a -> b): weight field 'w' is -2; a weight must be a positive finite number"),
        (.number(.infinity), "edge 'e' (a -> b): weight field 'w' is inf; a weight must be a positive finite number"),
    ]
    for (value, message) in cases {
        let graph = Graph()
        for id in ["a", "b"] { try graph.addNode(Node(id: id)) }
        try graph.addEdge(Edge(id: "e", source: "a", target: "b", data: value.map { ["w": $0] } ?? [:]))
        #expect(throws: GraphError(message)) { try graph.shortestPaths(weight: "w") }
    }
    #expect(throws: GraphError("edge 2 has length nan; a length must be a positive finite number")) {
        try ShortestPaths(nodeCount: 2, edges: [(0, 1), (1, 0)], lengths: [1, .nan])
    }
    #expect(throws: GraphError("edge 1 joins 0 and 2, but there are 2 nodes")) {
        try ShortestPaths(nodeCount: 2, edges: [(0, 2)])
    }
}
