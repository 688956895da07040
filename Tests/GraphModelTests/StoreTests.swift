import D3Random
import Testing
@testable import GraphModel

/// A graph a -> b -> c with node d alone.
private func chain() throws -> Graph {
    let graph = Graph()
    for id in ["a", "b", "c", "d"] { try graph.addNode(Node(id: id, x: 0, y: 0)) }
    try graph.addEdge(Edge(id: "ab", source: "a", target: "b"))
    try graph.addEdge(Edge(id: "bc", source: "b", target: "c"))
    return graph
}

@Test func addingRejectsDuplicatesAndDanglingEdges() throws {
    let graph = try chain()
    #expect(throws: GraphError("duplicate node id 'a'")) { try graph.addNode(Node(id: "a")) }
    #expect(throws: GraphError("duplicate edge id 'ab'")) { try graph.addEdge(Edge(id: "ab", source: "a", target: "c")) }
    #expect(throws: GraphError("edge 'x' (a -> zz): node 'zz' does not exist")) {
        try graph.addEdge(Edge(id: "x", source: "a", target: "zz"))
    }
    #expect(graph.nodeCount == 4 && graph.edgeCount == 2)
}

@Test func connectUsesReactFlowIdsAndRefusesDuplicates() throws {
    let graph = try chain()
    let edge = try #require(graph.connect(source: "a", target: "c", sourceHandle: "out"))
    #expect(edge.id == "xy-edge__aout-c")
    #expect(graph.connect(source: "a", target: "c", sourceHandle: "out", targetHandle: "") == nil)
    #expect(graph.connect(source: "a", target: "b") == nil)
    #expect(graph.connect(source: "a", target: "missing") == nil)
    #expect(graph.connect(source: "c", target: "a")?.id == "xy-edge__c-a")
    #expect(graph.edgeCount == 4)
}

@Test func nodeChangesGroupPerIdAndAddAfterThePass() throws {
    let graph = try chain()
    try graph.applyNodeChanges([
        .position(id: "a", position: Point(x: 5, y: 6), dragging: true),
        .select(id: "a", selected: true),
        .position(id: "b", position: Point(x: 1, y: 1)),
        .remove(id: "b"),
        .position(id: "b", position: Point(x: 9, y: 9)),
        .add(Node(id: "e"), index: 0),
        .add(Node(id: "f")),
        .dimensions(id: "c", width: 10, height: 20),
        .select(id: "nobody", selected: true),
    ])
    #expect(graph.nodeIds == ["e", "a", "c", "d", "f"])
    #expect(graph.node("a")?.position == Point(x: 5, y: 6))
    #expect(graph.node("a")?.dragging == true)
    #expect(graph.selectedNodeIds == ["a"])
    #expect(graph.node("c")?.width == 10 && graph.node("c")?.height == 20)
    #expect(graph.edgeCount == 0, "removing b removes the edges touching it")
}

@Test func replaceWinsAndInvalidChangesThrowBeforeAnyChange() throws {
    let graph = try chain()
    try graph.applyNodeChanges([
        .select(id: "a", selected: true),
        .replace(id: "a", item: Node(id: "a", x: 3, y: 4)),
        .select(id: "a", selected: true),
    ])
    #expect(graph.node("a") == Node(id: "a", x: 3, y: 4))
    #expect(graph.selectedNodeIds.isEmpty)
    #expect(throws: GraphError.self) {
        try graph.applyNodeChanges([.remove(id: "c"), .add(Node(id: "d"))])
    }
    #expect(graph.containsNode("c"), "a failing list changes nothing")
    try graph.applyNodeChanges([.remove(id: "d"), .add(Node(id: "d", x: 1, y: 1))])
    #expect(graph.nodeIds == ["a", "b", "c", "d"] && graph.node("d")?.position.x == 1)
}

@Test func edgeChangesKeepIndexesAndSelectionInSync() throws {
    let graph = try chain()
    try graph.applyEdgeChanges([
        .select(id: "ab", selected: true),
        .replace(id: "bc", item: Edge(id: "bc", source: "d", target: "c", selected: true)),
        .add(Edge(id: "ca", source: "c", target: "a"), index: 0),
    ])
    #expect(graph.edges.map(\.id) == ["ca", "ab", "bc"])
    #expect(graph.selectedEdgeIds == ["ab", "bc"])
    #expect(graph.incomers(of: "c").map(\.id) == ["d"])
    #expect(graph.outgoers(of: "b").isEmpty)
    try graph.applyEdgeChanges([.remove(id: "ab")])
    #expect(graph.selectedEdgeIds == ["bc"])
    #expect(throws: GraphError.self) { try graph.applyEdgeChanges([.add(Edge(id: "x", source: "a", target: "q"))]) }
}

@Test func connectionsByTypeAndHandle() throws {
    let graph = try chain()
    graph.connect(source: "a", target: "c", sourceHandle: "left")
    graph.connect(source: "d", target: "a", targetHandle: "in")
    #expect(graph.connections(of: "a").map(\.edgeId) == ["ab", "xy-edge__aleft-c", "xy-edge__d-ain"])
    #expect(graph.connections(of: "a", type: .source).map(\.target) == ["b", "c"])
    #expect(graph.connections(of: "a", type: .source, handle: "left").map(\.target) == ["c"])
    #expect(graph.connections(of: "a", type: .source, handle: "").map(\.target) == ["b"])
    #expect(graph.connections(of: "a", type: .target, handle: "in").map(\.source) == ["d"])
    #expect(graph.outgoers(of: "a").map(\.id) == ["b", "c"])
    #expect(graph.connectedEdges(of: ["b"]).map(\.id) == ["ab", "bc"])
}

@Test func incomersAreInNodeOrderWithoutDuplicates() throws {
    let graph = Graph()
    for id in ["z", "y", "x"] { try graph.addNode(Node(id: id)) }
    try graph.addEdge(source: "x", target: "z")
    try graph.addEdge(source: "y", target: "z")
    try graph.addEdge(source: "x", target: "z")
    #expect(graph.edges.map(\.id) == ["xy-edge__x-z", "xy-edge__y-z", "xy-edge__x-z-1"])
    #expect(graph.incomers(of: "z").map(\.id) == ["y", "x"])
}

@Test func aNodeWithANonDeletableDescendantStays() throws {
    // Deleting it would leave the descendant pointing at a parent that no longer exists; its other descendants go.
    let graph = Graph()
    try graph.addNode(Node(id: "root"))
    try graph.addNode(Node(id: "child", parentId: "root"))
    try graph.addNode(Node(id: "keep", parentId: "child", deletable: false))
    try graph.addNode(Node(id: "leaf", parentId: "root"))
    try graph.addNode(Node(id: "lone"))
    let deleted = graph.deleteElements(nodes: ["root", "lone"])
    #expect(deleted.nodes.map(\.node.id) == ["leaf", "lone"])
    #expect(graph.nodeIds == ["root", "child", "keep"])
    #expect(graph.nodes.map(\.parentId) == [nil, "root", "child"])
}

@Test func deleteWalksTheParentChainInAnyOrderAndUndoes() throws {
    let graph = Graph()
    // Children come before their parents in the node list (parents exist before their children are added).
    try graph.addNode(Node(id: "root"))
    try graph.addNode(Node(id: "other"))
    try graph.addNode(Node(id: "child", parentId: "root"), at: 0)
    try graph.addNode(Node(id: "grandchild", parentId: "child"), at: 0)
    try graph.addNode(Node(id: "keep", parentId: "other", deletable: false), at: 1)
    try graph.addEdge(Edge(id: "e1", source: "grandchild", target: "other"))
    try graph.addEdge(Edge(id: "e2", source: "other", target: "other", selected: true))
    let before = graph.nodes
    let beforeEdges = graph.edges
    let deleted = graph.deleteElements(nodes: ["root", "keep"], edges: ["e2"])
    #expect(deleted.nodes.map(\.node.id) == ["grandchild", "child", "root"])
    #expect(deleted.nodes.map(\.index) == [0, 2, 3])
    #expect(deleted.edges.map(\.edge.id) == ["e1", "e2"])
    #expect(graph.nodeIds == ["keep", "other"])
    #expect(graph.selectedEdgeIds.isEmpty)
    #expect(graph.index(ofNode: "other") == 1)
    try graph.restore(deleted)
    #expect(graph.nodes == before)
    #expect(graph.edges == beforeEdges)
    #expect(graph.selectedEdgeIds == ["e2"])
    #expect(graph.connections(of: "other").count == 2)
}

@Test func nonDeletableEdgesProtectTheirEndpoints() throws {
    let graph = try chain()
    try graph.updateEdge("ab") { $0.deletable = false }
    let deleted = graph.deleteElements(nodes: ["a", "c"], edges: ["ab"])
    #expect(deleted.nodes.map(\.node.id) == ["c"])
    #expect(deleted.edges.map(\.edge.id) == ["bc"])
    #expect(graph.edge("ab") != nil)
}

@Test func absolutePositionsAddTheParents() throws {
    let graph = Graph()
    try graph.addNode(Node(id: "top", position: Point(x: 100, y: 200)))
    try graph.addNode(Node(id: "mid", position: Point(x: 10, y: 20), parentId: "top"))
    try graph.addNode(Node(id: "leaf", position: Point(x: 1, y: 2), parentId: "mid"))
    #expect(graph.absolutePosition(of: "leaf") == Point(x: 111, y: 222))
    #expect(graph.childIds(of: "mid") == ["leaf"])
    try graph.updateNode("leaf") { $0.parentId = nil }
    #expect(graph.absolutePosition(of: "leaf") == Point(x: 1, y: 2))
    #expect(graph.childIds(of: "mid").isEmpty)
}

@Test func observersSeeEachOperationAndDataChanges() throws {
    let graph = try chain()
    var events: [GraphEvent] = []
    var seenData: [[String: DataValue]] = []
    let token = graph.onChange { events.append($0) }
    let dataToken = graph.observeData(of: "b") { seenData.append($0) }
    try graph.updateNode("b") { $0.data["group"] = .number(2) }
    try graph.updateNode("b") { $0.selected = true }
    graph.deleteElements(nodes: ["c"])
    #expect(events.count == 3)
    #expect(events[0].updatedNodes == ["b"] && !events[0].isStructural)
    #expect(events[2].removedNodes == ["c"] && events[2].removedEdges == ["bc"])
    #expect(seenData == [["group": .number(2)]])
    graph.removeObserver(token)
    graph.removeObserver(dataToken)
    try graph.updateNode("b") { $0.data = ["group": .number(3)] }
    #expect(events.count == 3 && seenData.count == 1)
}

@Test func versionsTellStructuralEditsApart() throws {
    let graph = try chain()
    let structure = graph.structureVersion
    let version = graph.version
    try graph.setPositions(x: [1, 2, 3, 4], y: [0, 0, 0, 0])
    #expect(graph.structureVersion == structure && graph.version > version)
    #expect(graph.node(at: 3).position.x == 4)
    graph.connect(source: "c", target: "d")
    #expect(graph.structureVersion > structure)
}

@Test func denseIndicesSurviveManyRemovals() throws {
    let graph = Graph()
    for i in 0..<1000 { try graph.addNode(Node(id: "\(i)")) }
    for i in 0..<999 { try graph.addEdge(Edge(id: "e\(i)", source: "\(i)", target: "\(i + 1)")) }
    for i in stride(from: 0, to: 1000, by: 3) { graph.deleteElements(nodes: ["\(i)"]) }
    let expected = (0..<1000).filter { $0 % 3 != 0 }.map(String.init)
    #expect(graph.nodeIds == expected)
    for (index, id) in expected.enumerated() {
        #expect(graph.index(ofNode: id) == index)
        #expect(graph.node(at: index).id == id)
    }
    #expect(graph.edges.map(\.id) == (0..<999).filter { $0 % 3 == 1 }.map { "e\($0)" })
    #expect(graph.outgoers(of: "1").map(\.id) == ["2"])
    #expect(graph.incomers(of: "2").map(\.id) == ["1"])
}

@Test func insertsAtIndicesMatchAnArrayModel() throws {
    let graph = Graph()
    var model: [String] = []
    var random = LCG()
    for step in 0..<3000 {
        let roll = random.next()
        if roll < 0.6 || model.isEmpty {
            let index = Int(random.next() * Double(model.count + 1))
            let id = "n\(step)"
            try graph.addNode(Node(id: id), at: index)
            model.insert(id, at: index)
        } else {
            let index = Int(random.next() * Double(model.count))
            graph.deleteElements(nodes: [model.remove(at: index)])
        }
    }
    #expect(graph.nodeIds == model)
    for (index, id) in model.enumerated() where index % 7 == 0 {
        #expect(graph.index(ofNode: id) == index)
        #expect(graph.node(at: index).id == id)
    }
    try graph.addNode(Node(id: "first"), at: -3)
    try graph.addNode(Node(id: "last"), at: model.count + 10)
    #expect(graph.nodeIds.first == "first" && graph.nodeIds.last == "last")
}

@Test func restoringAtIndicesOnALargeGraphKeepsTheOrder() throws {
    let count = 200_000
    let graph = Graph()
    for i in 0..<count { try graph.addNode(Node(id: "\(i)")) }
    for i in 1..<count { try graph.addEdge(Edge(id: "e\(i)", source: "\(i / 2)", target: "\(i)")) }
    let nodeIds = graph.nodeIds
    let edgeIds = graph.edges.map(\.id)
    var random = LCG()
    let doomed = (0..<1000).map { _ in "\(Int(random.next() * Double(count)))" }
    let deleted = graph.deleteElements(nodes: doomed)
    #expect(deleted.nodes.count == Set(doomed).count)
    #expect(graph.nodeCount == count - deleted.nodes.count)
    try graph.restore(deleted)
    #expect(graph.nodeIds == nodeIds)
    #expect(graph.edges.map(\.id) == edgeIds)
    for id in ["0", "1", "99999", "\(count - 1)"] + doomed.prefix(20) {
        #expect(graph.index(ofNode: id) == Int(id))
        #expect(graph.outgoers(of: id).map(\.id) == [2, 3].map { Int(id)! * 2 + $0 - 2 }.filter { $0 > 0 && $0 < count }.map { "\($0)" })
    }
}

@Test func parentsMustExistAndNeverFormACycle() throws {
    let graph = Graph()
    #expect(throws: GraphError("node 'a': parent 'nope' does not exist")) {
        try graph.addNode(Node(id: "a", parentId: "nope"))
    }
    #expect(throws: GraphError("node 'a': its parents would form a cycle (a -> a)")) {
        try graph.addNode(Node(id: "a", parentId: "a"))
    }
    #expect(graph.nodeCount == 0)
    try graph.addNode(Node(id: "a"))
    try graph.addNode(Node(id: "b", parentId: "a"))
    try graph.addNode(Node(id: "c", parentId: "b"))
    #expect(throws: GraphError("node 'a': its parents would form a cycle (a -> c -> b -> a)")) {
        try graph.updateNode("a") { $0.parentId = "c" }
    }
    #expect(throws: GraphError("node 'a': parent 'gone' does not exist")) {
        try graph.updateNode("a") { $0.parentId = "gone" }
    }
    #expect(graph.node("a")?.parentId == nil)
    // Change lists are checked as a whole: a parent added in the same list counts, one removed does not.
    try graph.applyNodeChanges([.add(Node(id: "d", parentId: "e"), index: nil), .add(Node(id: "e"), index: nil)])
    #expect(graph.node("d")?.parentId == "e")
    #expect(throws: GraphError("node 'f': parent 'e' does not exist")) {
        try graph.applyNodeChanges([.remove(id: "e"), .add(Node(id: "f", parentId: "e"), index: nil)])
    }
    var replaced = try #require(graph.node("a"))
    replaced.parentId = "b"
    #expect(throws: GraphError("node 'a': its parents would form a cycle (a -> b -> a)")) {
        try graph.applyNodeChanges([.replace(id: "a", item: replaced)])
    }
    #expect(graph.nodeCount == 5 && graph.node("a")?.parentId == nil)
}

@Test func edgeEndIndicesMatchTheIdsThroughInsertsDeletesAndRetargets() throws {
    var state: UInt32 = 3
    func random(_ below: Int) -> Int {
        state = state &* 1664525 &+ 1013904223
        return Int(state >> 8) % below
    }
    let graph = Graph()
    for i in 0..<60 { try graph.addNode(Node(id: "n\(i)"), at: i % 7 == 0 ? random(graph.nodeCount + 1) : nil) }
    func addEdges(_ numbers: Range<Int>) throws {
        for e in numbers {
            let ids = graph.nodeIds
            let source = ids[random(ids.count)], target = e % 10 == 0 ? source : ids[random(ids.count)]
            try graph.addEdge(Edge(id: "e\(e)", source: source, target: target), at: e % 5 == 0 ? random(graph.edgeCount + 1) : nil)
        }
    }
    try addEdges(0..<150)
    try graph.addEdge(Edge(id: "again", source: "n1", target: "n2"))
    try graph.addEdge(Edge(id: "again2", source: "n1", target: "n2"))
    _ = graph.deleteElements(nodes: ["n3", "n17", "n40"], edges: ["e5", "e99"])
    let retargeted = try #require(graph.edges.first { $0.source != "n0" })
    try graph.updateEdge(retargeted.id) { $0.source = "n0" }
    try graph.addNode(Node(id: "late"), at: 0)
    try addEdges(150..<170)
    let expected = graph.edges.map { (graph.index(ofNode: $0.source)!, graph.index(ofNode: $0.target)!) }
    let ends = graph.edgeEndIndices
    #expect(ends.map(\.0) == expected.map(\.0))
    #expect(ends.map(\.1) == expected.map(\.1))
}
