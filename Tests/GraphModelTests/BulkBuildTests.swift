import D3Random
import Testing
@testable import GraphModel

/// Nodes and edges with selections, parents, self-loops and parallel edges, in a scrambled but fixed order.
private func elements(nodeCount: Int) -> (nodes: [Node], edges: [Edge]) {
    var random = LCG(seed: 7)
    var nodes: [Node] = []
    for index in 0..<nodeCount {
        var node = Node(id: "n\((index * 37) % nodeCount)", x: Double(index), y: 1)
        node.selected = index % 5 == 0
        if index > 0, index % 7 == 0 { node.parentId = nodes[index / 2].id }
        nodes.append(node)
    }
    var edges: [Edge] = []
    for index in 0..<(3 * nodeCount) {
        let source = nodes[random.next(below: nodeCount)].id
        let target = index % 11 == 0 ? source : nodes[random.next(below: nodeCount)].id
        edges.append(Edge(id: "x\(index)", source: source, target: target, selected: index % 4 == 0))
    }
    return (nodes, edges)
}

/// The graph built in one go from elements, as the file readers do.
private func bulkGraph(_ nodes: [Node], _ edges: [Edge]) -> Graph {
    let nodeSlots = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
    let edgeSlots = Dictionary(uniqueKeysWithValues: edges.enumerated().map { ($1.id, $0) })
    let ends = edges.map { (source: nodeSlots[$0.source]!, target: nodeSlots[$0.target]!) }
    return Graph(nodes: nodes, nodeSlots: nodeSlots, edges: edges, edgeSlots: edgeSlots, edgeEnds: ends)
}

/// The graph built by adding the elements one by one.
private func stepwiseGraph(_ nodes: [Node], _ edges: [Edge]) throws -> Graph {
    let graph = Graph()
    for node in nodes { try graph.addNode(node) }
    for edge in edges { try graph.addEdge(edge) }
    return graph
}

/// Expects two graphs to hold the same elements in the same order with the same connections and indexes.
private func expectSame(_ bulk: Graph, _ stepwise: Graph) {
    #expect(bulk.nodes == stepwise.nodes)
    #expect(bulk.edges == stepwise.edges)
    #expect(bulk.nodeIds == stepwise.nodeIds)
    #expect(bulk.selectedNodeIds == stepwise.selectedNodeIds && bulk.selectedEdgeIds == stepwise.selectedEdgeIds)
    #expect(bulk.structureVersion == stepwise.structureVersion && bulk.version == stepwise.version)
    for (index, id) in stepwise.nodeIds.enumerated() {
        #expect(bulk.index(ofNode: id) == index && bulk.node(at: index).id == id)
        #expect(bulk.connections(of: id) == stepwise.connections(of: id))
        #expect(bulk.incomers(of: id) == stepwise.incomers(of: id) && bulk.outgoers(of: id) == stepwise.outgoers(of: id))
        #expect(bulk.childIds(of: id) == stepwise.childIds(of: id))
    }
    for (index, edge) in stepwise.edges.enumerated() {
        #expect(bulk.index(ofEdge: edge.id) == index && bulk.edge(at: index).id == edge.id)
    }
}

@Test(arguments: [0, 1, 2, 3, 50, 600])
func bulkOrderTreeIsTheTreeOfAppendingOneByOne(count: Int) {
    var stepwise = OrderTree()
    for slot in 0..<count { stepwise.insert(slot, at: slot) }
    let bulk = OrderTree(sequentialSlots: count)
    #expect(String(describing: bulk) == String(describing: stepwise))
    #expect(bulk.count == count)
    #expect((0..<count).allSatisfy { bulk.index(of: $0) == $0 && bulk.slot(at: $0) == $0 })
}

@Test func bulkBuiltGraphEqualsOneBuiltElementByElement() throws {
    let (nodes, edges) = elements(nodeCount: 300)
    expectSame(bulkGraph(nodes, edges), try stepwiseGraph(nodes, edges))
    expectSame(bulkGraph([], []), Graph())
}

@Test func editsAfterABulkBuildWork() throws {
    let (nodes, edges) = elements(nodeCount: 200)
    let bulk = bulkGraph(nodes, edges)
    let stepwise = try stepwiseGraph(nodes, edges)
    for graph in [bulk, stepwise] {
        try graph.addNode(Node(id: "first"), at: 0)
        try graph.addNode(Node(id: "middle"), at: 100)
        try graph.addEdge(Edge(id: "new", source: "first", target: "middle"), at: 5)
        _ = graph.deleteElements(nodes: [nodes[3].id, nodes[150].id], edges: [edges[10].id, edges[400].id])
        try graph.updateEdge(edges[20].id) { $0.target = "middle" }
        try graph.updateNode(nodes[60].id) { $0.parentId = nil; $0.selected = false }
        try graph.addNode(Node(id: "last"))
        graph.connect(source: "last", target: "first")
    }
    expectSame(bulk, stepwise)
}

@Test func loadedEdgesWithoutIdsGetIdsThatAvoidEveryIdInTheFile() throws {
    let graph = try Graph.load(string: "source,target,id\na,b,e1\nb,c\nc,a\nc,c,e2\na,a,e2_\n", format: .csv)
    #expect(graph.edges.map(\.id) == ["e1", "e1_", "e2__", "e2", "e2_"])
    #expect(graph.index(ofEdge: "e2__") == 2 && graph.connections(of: "c").count == 3)
}
