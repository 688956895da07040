import Foundation
import GraphModel
import XCTest
@testable import Render

/// Pictures that explain: outlines that scale, per-edge styles, fixed nodes, arrows and Barnes-Hut cells.
final class GraphOverlaysTests: XCTestCase {
    /// Two nodes 100 apart on a line, with an explicit viewport of zoom 1 at (50, 50).
    func pair(_ configure: (inout GraphSVGOptions) -> Void = { _ in }) throws -> String {
        var options = GraphSVGOptions()
        options.viewport = .explicit(zoom: 1, x: 50, y: 50)
        options.labels = .never
        options.legend = false
        configure(&options)
        let scene = GraphScene(nodes: [.init(id: "a", x: 0, y: 0), .init(id: "b", x: 100, y: 0, isFixed: true)],
                               edges: [.init(source: 0, target: 1, id: "ab", data: ["w": .number(3)])])
        return try GraphSVG(scene: scene, options: options).render()
    }

    /// The values of attribute `name` in `svg`, in order.
    func attribute(_ name: String, in svg: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: " \(name)=\"([^\"]*)\"")
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map {
            String(svg[Range($0.range(at: 1), in: svg)!])
        }
    }

    func testOutlinesScaleWithTheNodeAndSmallNodesStillShow() throws {
        let small = try pair { $0.nodeRadius = .constant(2) }
        XCTAssertTrue(small.contains("<circle cx=\"50\" cy=\"50\" r=\"2\" fill=\"#4e79a7\" stroke=\"#ffffff\" stroke-width=\"0.5\"/>"), small)
        let large = try pair { $0.nodeRadius = .constant(10) }
        XCTAssertTrue(large.contains("<circle cx=\"50\" cy=\"50\" r=\"10\" fill=\"#4e79a7\" stroke=\"#ffffff\"/>"), large)
        let tiny = try pair { $0.nodeRadius = .constant(0.01) }
        XCTAssertTrue(tiny.contains("<circle cx=\"50\" cy=\"50\" r=\"1\" fill=\"#4e79a7\" stroke=\"#ffffff\" stroke-width=\"0.25\"/>"), tiny)
    }

    func testEdgeWidthAndColourPerEdge() throws {
        let byField = try pair { $0.edgeStrokeWidth = .field("w"); $0.edgeStroke = .constant("#123456") }
        XCTAssertTrue(byField.contains("<g class=\"edges\" fill=\"none\" stroke=\"#123456\" stroke-width=\"3\" stroke-opacity=\"0.8\">"), byField)
        XCTAssertThrowsError(try pair { $0.edgeStrokeWidth = .field("missing") }) {
            XCTAssertEqual("\($0)", "edgeWidth: edge 'ab' has no numeric data field 'missing'")
        }
        XCTAssertThrowsError(try pair { $0.edgeStrokeWidth = .constant(-1) }) {
            XCTAssertEqual("\($0)", "edgeWidth: edge 'ab' has width -1; widths must be from 0 to 1000000")
        }
        var scene = GraphSVGTests.ring(4)
        for k in scene.edges.indices { scene.edges[k].data = ["kind": .string(k % 2 == 0 ? "strong" : "weak")] }
        var options = GraphSVGOptions()
        options.edgeStroke = .field("kind")
        options.edgeStrokeWidth = .values([1, 2, 3, 4, 5])
        options.markerEnd = .arrowClosed
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertEqual(attribute("stroke-width", in: svg).prefix(5).map { $0 }, ["1", "2", "3", "4", "5"])
        XCTAssertTrue(svg.contains("id=\"marker-end-arrowClosed\"") && svg.contains("id=\"marker-end-arrowClosed-2\""))
        XCTAssertTrue(svg.contains(">strong</text>") && svg.contains(">weak</text>"), "edge colours by a field have a legend")
        try PictureCheck.verify(svg, name: "graph-edge-styles")
    }

    func testFixedNodesAreRinged() throws {
        let svg = try pair { $0.nodeRadius = .constant(8) }
        XCTAssertTrue(svg.contains("<g class=\"fixed\" fill=\"none\" stroke=\"#212529\">\n    <circle cx=\"150\" cy=\"50\" r=\"10.5\" stroke-width=\"2\"/>"), svg)
        XCTAssertFalse(try pair { $0.fixedMark = false }.contains("class=\"fixed\""))
    }

    func testArrowsStartAtTheNodesAndScale() throws {
        let given = try pair {
            $0.arrows = [NodeArrows(kind: .velocity, vectors: [[10, 0], [0, 0]])]
            $0.arrowScale = 2
        }
        // From (50, 50), 20 pixels right: the shaft stops where the 7-pixel head begins.
        XCTAssertTrue(given.contains("<g class=\"arrows velocity\" stroke=\"#1565c0\" fill=\"#1565c0\""), given)
        XCTAssertTrue(given.contains("<path d=\"M50,50 L63,50\"/>"), given)
        XCTAssertTrue(given.contains("<path d=\"M70,50 L63,53.15 L63,46.85 Z\" stroke=\"none\"/>"), given)
        let fitted = try pair {
            $0.arrows = [NodeArrows(kind: .velocity, vectors: [[0.1, 0], [0, 0]]), NodeArrows(kind: .force, vectors: [[0, 0], [0, -0.4]])]
            $0.legend = true
        }
        // Without a scale the longest arrow (the force on b) is 48 pixels: from (150, 50) up to (150, 2).
        XCTAssertTrue(fitted.contains("<path d=\"M150,2 L"), fitted)
        XCTAssertTrue(fitted.contains(">velocity</text>") && fitted.contains(">net force</text>"))
        XCTAssertThrowsError(try pair { $0.arrows = [NodeArrows(kind: .force, vectors: [[0, 0]])] }) {
            XCTAssertEqual("\($0)", "force arrows have 1 vectors but the graph has 2 nodes")
        }
        XCTAssertThrowsError(try pair { $0.arrows = [NodeArrows(kind: .force, vectors: [[.nan, 0], [0, 0]])] })
        XCTAssertThrowsError(try pair { $0.arrowScale = 0 }) {
            XCTAssertEqual("\($0)", "arrowScale must be from 1e-12 to 1e+12, got 0")
        }
    }

    func testCellsAreDrawnAndCutAtTheGraphsFrame() throws {
        let cells = CellOverlay(node: 0, cells: [
            .init(lower: [-64, -64], upper: [192, 192], use: .opened),
            .init(lower: [-64, -64], upper: [64, 64], use: .direct),
            .init(lower: [64, -64], upper: [192, 64], use: .approximated),
        ])
        let svg = try pair { $0.cells = cells }
        XCTAssertTrue(svg.contains("<rect class=\"opened\" x=\"-14\" y=\"-14\" width=\"256\" height=\"256\" stroke=\"#6c757d\" fill=\"none\"/>"), svg)
        XCTAssertTrue(svg.contains("<rect class=\"approximated\" x=\"114\" y=\"-14\" width=\"128\" height=\"128\" stroke=\"#2a9d8f\" fill=\"#2a9d8f\" fill-opacity=\"0.1\"/>"))
        XCTAssertTrue(svg.contains("stroke-dasharray"))
        XCTAssertTrue(svg.contains("<circle class=\"subject\" cx=\"50\" cy=\"50\""))
        // A fitted picture frames the graph, not d3's root square (here 2.5 times as wide as the graph and 25 times
        // as high): the cells are cut at the frame, in a nested viewport, and the key says so.
        var options = GraphSVGOptions()
        options.cells = cells
        options.width = 300
        options.height = 300
        options.padding = 22
        options.legend = false
        options.labels = .never
        let scene = GraphScene(nodes: [.init(id: "a", x: 0, y: 0), .init(id: "b", x: 100, y: 0)])
        let fitted = try GraphSVG(scene: scene, options: options).render()
        XCTAssertTrue(fitted.contains("<svg x=\"22\" y=\"22\" width=\"256\" height=\"256\" viewBox=\"22 22 256 256\">"), fitted)
        let zoom = GraphSVG.maxFitZoom
        XCTAssertTrue(fitted.contains("<rect class=\"opened\" x=\"\((150 - 50 * zoom - 64 * zoom).svg)\" y=\"\((150 - 64 * zoom).svg)\" width=\"\((256 * zoom).svg)\""),
                      "the root square at the zoom that fits the graph: \(fitted)")
        options.legend = true
        let keyed = try GraphSVG(scene: scene, options: options).render()
        XCTAssertTrue(keyed.contains(">cell taken as one body</text>") && keyed.contains(">cell opened</text>"))
        XCTAssertTrue(keyed.contains(">\(CellOverlay.cutNote)</text>"), keyed)
        try PictureCheck.verify(keyed, name: "graph-cells")
        // Cells inside the graph's frame are whole, and the key has no note.
        let corners = GraphScene(nodes: [.init(id: "a", x: -64, y: -64), .init(id: "b", x: 192, y: 192)])
        let whole = try GraphSVG(scene: corners, options: options).render()
        XCTAssertTrue(whole.contains(">cell opened</text>") && !whole.contains(CellOverlay.cutNote), whole)
        XCTAssertThrowsError(try pair { $0.cells = CellOverlay(node: 5, cells: []) })
    }
}
