import GraphModel
import XCTest
@testable import Render

/// Render draws a `Graph` directly: the scene built from it and the points metrics and previews use.
final class GraphSceneTests: XCTestCase {
    /// A frame "p" at (10, 20) holding a 40 × 20 box "b" at (5, 5) and a point "c"; "b" -> "c" leaves by a right handle.
    func makeGraph() throws -> Graph {
        let graph = Graph()
        try graph.addNode(Node(id: "p", position: Point(x: 10, y: 20), data: ["kind": .string("frame")], width: 200, height: 100))
        try graph.addNode(Node(id: "b", position: Point(x: 5, y: 5), data: ["kind": .string("box")], parentId: "p",
                               width: 40, height: 20, handles: [Handle(id: "out", type: .source, position: .right)], label: "Box"))
        try graph.addNode(Node(id: "c", x: -3, y: 4))
        try graph.addEdge(Edge(id: "e", source: "b", target: "c", sourceHandle: "out", label: "to c"))
        return graph
    }

    func testTheSceneHoldsAbsoluteCentresGroupsParentsAndHandleSides() throws {
        let scene = try GraphScene(graph: makeGraph(), group: "kind")
        XCTAssertEqual(scene.nodes.map(\.id), ["p", "b", "c"])
        XCTAssertEqual(scene.nodes.map(\.x), [110, 35, -3])
        XCTAssertEqual(scene.nodes.map(\.y), [70, 35, 4])
        XCTAssertEqual(scene.nodes.map(\.group), ["frame", "box", nil])
        XCTAssertEqual(scene.nodes.map(\.parent), [nil, 0, nil])
        XCTAssertEqual(scene.nodes[1].label, "Box")
        XCTAssertEqual(scene.edges.count, 1)
        XCTAssertEqual(scene.edges[0].source, 1)
        XCTAssertEqual(scene.edges[0].target, 2)
        XCTAssertEqual(scene.edges[0].sourceHandle, "right")
        XCTAssertEqual(scene.edges[0].label, "to c")
        XCTAssertEqual(try GraphScene(graph: makeGraph(), group: nil).nodes.map(\.group), [nil, nil, nil])
    }

    func testPointsAreTheScenesCentresAndEdges() throws {
        let graph = try makeGraph()
        let scene = try GraphScene(graph: graph, group: nil)
        let points = try GraphPoints(graph)
        XCTAssertEqual(points.positions, scene.nodes.map { SIMD2($0.x, $0.y) })
        XCTAssertEqual(points.edges.map { [$0.0, $0.1] }, scene.edges.map { [$0.source, $0.target] })
    }

    func testANodeWithoutAPositionIsNamed() throws {
        let graph = Graph()
        try graph.addNode(Node(id: "a"))
        let expected = RenderError("node 'a' has no position: give it x and y, or run a simulation or a layout first")
        XCTAssertThrowsError(try GraphScene(graph: graph, group: nil)) { XCTAssertEqual($0 as? RenderError, expected) }
        XCTAssertThrowsError(try GraphPoints(graph)) { XCTAssertEqual($0 as? RenderError, expected) }
    }
}
