import D3Random
import GraphModel
import Testing
@testable import GraphLayout

/// A box in absolute coordinates: its node's top-left corner (parents' corners added) and size.
private func box(_ graph: Graph, _ id: String) -> (x: Double, y: Double, width: Double, height: Double) {
    let node = graph.node(id)!, corner = graph.absolutePosition(of: id)!
    return (corner.x, corner.y, node.width ?? 0, node.height ?? 0)
}

/// Whether `ancestor` is one of `id`'s parents, at any depth.
private func isAncestor(_ graph: Graph, _ ancestor: String, of id: String) -> Bool {
    var current = graph.node(id)?.parentId
    while let up = current {
        if up == ancestor { return true }
        current = graph.node(up)?.parentId
    }
    return false
}

/// A random graph of `n` boxes of random sizes, `edges` random edges and, with `nesting`, random parents (each
/// node's parent one of the nodes before it, or none).
private func randomBoxes(n: Int, edges: Int, nesting: Bool, acyclic: Bool, seed: UInt32) throws -> Graph {
    var random = LCG(seed: seed)
    let graph = Graph()
    for i in 0..<n {
        let parent = nesting && i > 0 && random.next() < 0.4 ? "n\(random.next(below: i))" : nil
        try graph.addNode(Node(id: "n\(i)", parentId: parent, width: 10 + 190 * random.next(),
                               height: 5 + 80 * random.next()))
    }
    for e in 0..<edges {
        var a = random.next(below: n), b = random.next(below: n)
        if acyclic && a > b { swap(&a, &b) }
        if a != b { try graph.addEdge(Edge(id: "e\(e)", source: "n\(a)", target: "n\(b)")) }
    }
    return graph
}

@Suite struct LayeredLayoutTests {
    @Test func everyEdgeOfADAGRunsOneWay() throws {
        for (seed, direction) in [(1, LayerDirection.right), (2, .down), (3, .right)] {
            let graph = try randomBoxes(n: 40, edges: 70, nesting: false, acyclic: true, seed: UInt32(seed))
            var options = LayeredOptions()
            options.direction = direction
            let outcome = try LayeredLayout.apply(to: graph, options: options)
            #expect(outcome.layers > 2)
            for edge in graph.edges {
                let s = box(graph, edge.source), t = box(graph, edge.target)
                if direction == .right {
                    #expect(s.x + s.width + options.layerSeparation <= t.x + 1e-9, "\(edge.id)")
                } else {
                    #expect(s.y + s.height + options.layerSeparation <= t.y + 1e-9, "\(edge.id)")
                }
            }
        }
    }

    @Test func aCycleKeepsAllButOneEdgeForward() throws {
        let graph = Graph()
        for id in ["a", "b", "c", "d"] { try graph.addNode(Node(id: id, width: 50, height: 20)) }
        for (i, (s, t)) in [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a")].enumerated() {
            try graph.addEdge(Edge(id: "e\(i)", source: s, target: t))
        }
        let outcome = try LayeredLayout.apply(to: graph)
        #expect(outcome.layers == 4)
        let x = ["a", "b", "c", "d"].map { graph.node($0)!.position.x }
        #expect(x == x.sorted() && Set(x).count == 4)
    }

    /// Eades, Lin and Smyth's greedy order turns at most m/2 - n/6 edges of a connected graph (their bound), and
    /// what it leaves has no cycle: on random graphs with many cycles, and a DAG keeps every edge.
    @Test func cycleRemovalTurnsFewEdgesAndLeavesNoCycle() throws {
        for seed in 1...4 {
            var random = LCG(seed: UInt32(seed))
            let n = 300
            var edges = (1..<n).map { ($0, random.next(below: $0)) }   // a random tree: connected
            while edges.count < 3 * n {
                let a = random.next(below: n), b = random.next(below: n)
                if a != b { edges.append((a, b)) }
            }
            let acyclic = try CycleRemoval.acyclic(nodeCount: n, edges: edges) { _ in }
            let turned = zip(edges, acyclic).filter { $0.0 != $0.1 }.count
            #expect(zip(edges, acyclic).allSatisfy { $0.0 == $0.1 || ($0.0.0, $0.0.1) == ($0.1.1, $0.1.0) })
            #expect(Double(turned) <= Double(edges.count) / 2 - Double(n) / 6, "seed \(seed): \(turned) turned")
            var waiting = Array(repeating: 0, count: n), successors = Array(repeating: [Int](), count: n)
            for (s, t) in acyclic { waiting[t] += 1; successors[s].append(t) }
            var ready = (0..<n).filter { waiting[$0] == 0 }, sorted = 0
            while let node = ready.popLast() {
                sorted += 1
                for next in successors[node] { waiting[next] -= 1; if waiting[next] == 0 { ready.append(next) } }
            }
            #expect(sorted == n, "seed \(seed): a cycle is left")
            let dag = edges.map { ($0.0 < $0.1 ? $0.0 : $0.1, $0.0 < $0.1 ? $0.1 : $0.0) }
            #expect(try CycleRemoval.acyclic(nodeCount: n, edges: dag) { _ in }.elementsEqual(dag, by: ==))
        }
    }

    @Test func noBoxesOverlapAndChildrenStayInTheirFrames() throws {
        for seed in 1...6 {
            let graph = try randomBoxes(n: 30, edges: 45, nesting: true, acyclic: seed % 2 == 0, seed: UInt32(seed))
            let options = LayeredOptions()
            _ = try LayeredLayout.apply(to: graph, options: options)
            let ids = graph.nodeIds
            for (i, a) in ids.enumerated() {
                let p = box(graph, a)
                if let parent = graph.node(a)!.parentId {
                    let frame = box(graph, parent)
                    #expect(p.x >= frame.x + options.padding - 1e-9 && p.x + p.width <= frame.x + frame.width - options.padding + 1e-9)
                    #expect(p.y >= frame.y + options.padding + options.labelHeight - 1e-9
                            && p.y + p.height <= frame.y + frame.height - options.padding + 1e-9)
                }
                for b in ids[(i + 1)...] where !isAncestor(graph, a, of: b) && !isAncestor(graph, b, of: a) {
                    let q = box(graph, b)
                    let apart = p.x + p.width <= q.x + 1e-9 || q.x + q.width <= p.x + 1e-9
                        || p.y + p.height <= q.y + 1e-9 || q.y + q.height <= p.y + 1e-9
                    #expect(apart, "seed \(seed): \(a) and \(b) overlap")
                }
            }
        }
    }

    @Test func crossingsOnKnownGraphs() throws {
        // Two chains given in an order that crosses them, and a ladder: both drawable without a crossing.
        let untangled = Graph()
        for id in ["a", "b", "c", "d", "e", "f"] { try untangled.addNode(Node(id: id, width: 40, height: 20)) }
        for (i, (s, t)) in [("a", "d"), ("b", "c"), ("c", "e"), ("d", "f"), ("a", "c")].enumerated() {
            try untangled.addEdge(Edge(id: "e\(i)", source: s, target: t))
        }
        #expect(try LayeredLayout.apply(to: untangled).crossings == 0)
        // K3,3 between two layers: every order crosses 3·3 = 9 times.
        let complete = Graph()
        for id in ["u1", "u2", "u3", "v1", "v2", "v3"] { try complete.addNode(Node(id: id, width: 40, height: 20)) }
        for (i, (s, t)) in ["u1", "u2", "u3"].flatMap({ u in ["v1", "v2", "v3"].map { (u, $0) } }).enumerated() {
            try complete.addEdge(Edge(id: "e\(i)", source: s, target: t))
        }
        #expect(try LayeredLayout.apply(to: complete).crossings == 9)
        // The crossing reduction does better than the order the nodes came in.
        let graph = try randomBoxes(n: 40, edges: 60, nesting: false, acyclic: true, seed: 9)
        var none = LayeredOptions()
        none.sweeps = 0
        let before = try LayeredLayout.apply(to: graph, options: none).crossings
        let after = try LayeredLayout.apply(to: graph).crossings
        #expect(after < before / 2, "\(before) → \(after)")
    }

    @Test func theSameGraphGivesTheSameLayout() throws {
        func layout() throws -> [Point] {
            let graph = try randomBoxes(n: 50, edges: 80, nesting: true, acyclic: false, seed: 4)
            _ = try LayeredLayout.apply(to: graph)
            return graph.nodes.map(\.position) + graph.nodes.map { Point(x: $0.width ?? -1, y: $0.height ?? -1) }
        }
        #expect(try layout() == layout())
    }

    @Test func aStopLeavesTheGraphAsItWas() throws {
        let graph = try randomBoxes(n: 30, edges: 40, nesting: true, acyclic: false, seed: 5)
        let before = graph.nodes
        struct Stop: Error {}
        var calls = 0
        #expect(throws: Stop.self) {
            _ = try LayeredLayout.apply(to: graph) { _ in
                calls += 1
                if calls == 20 { throw Stop() }
            }
        }
        #expect(graph.nodes == before)
        var bad = LayeredOptions()
        bad.nodeSeparation = -1
        #expect(throws: LayoutOptionError(option: "nodeSeparation", problem: "from 0 to 1000000000 expected, got -1")) {
            try LayeredLayout.apply(to: graph, options: bad)
        }
    }
}
