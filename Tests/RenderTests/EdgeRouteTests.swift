import XCTest
import NodeOutline
@testable import Render

final class EdgeRouteTests: XCTestCase {
    func path(_ type: EdgeType) throws -> String {
        var options = GraphSVGOptions()
        options.viewport = .explicit(zoom: 1, x: 0, y: 0)
        options.edgeType = type
        let scene = GraphScene(nodes: [.init(id: "a", x: 0, y: 0, width: 40, height: 20),
                                       .init(id: "b", x: 100, y: 50, width: 40, height: 20)],
                               edges: [.init(source: 0, target: 1, sourceHandle: "right", targetHandle: "left")])
        let svg = try GraphSVG(scene: scene, options: options).render()
        let start = svg.range(of: "<path d=\"")!.upperBound
        return String(svg[start...].prefix { $0 != "\"" })
    }

    func testRoutesBetweenHandles() throws {
        XCTAssertEqual(try path(.straight), "M20,0 L80,50")
        XCTAssertEqual(try path(.bezier), "M20,0 C50,0 50,50 80,50")
        XCTAssertEqual(try path(.step), "M20,0 L50,0 L50,50 L80,50")
        XCTAssertEqual(try path(.smoothstep), "M20,0 L45,0 Q50,0 50,5 L50,45 Q50,50 55,50 L80,50")
    }

    func testStraightEdgesStopAtTheCircle() {
        let a = NodeShape(center: [0, 0], halfWidth: 5, halfHeight: 5, isBox: false)
        let b = NodeShape(center: [30, 40], halfWidth: 10, halfHeight: 10, isBox: false)
        let route = EdgeRoute(type: .straight, from: a, to: b, sourceHandle: nil, targetHandle: nil, offset: 20, borderRadius: 5)
        XCTAssertEqual(route.path, "M3,4 L24,32")
        XCTAssertEqual(route.labelPoint, [13.5, 18])
    }
}
