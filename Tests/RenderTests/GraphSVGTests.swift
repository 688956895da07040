import Foundation
import GraphModel
import XCTest
@testable import Render

final class GraphSVGTests: XCTestCase {
    /// A small graph of two groups in a ring, with a chord.
    static func ring(_ n: Int) -> GraphScene {
        var scene = GraphScene()
        for i in 0..<n {
            let a = Double(i) / Double(n) * 2 * Double.pi
            scene.nodes.append(.init(id: "n\(i)", x: 100 * cos(a), y: 100 * sin(a), group: "\(i % 3)"))
            scene.edges.append(.init(source: i, target: (i + 1) % n))
        }
        scene.edges.append(.init(source: 0, target: n / 2, label: "chord"))
        return scene
    }

    /// A flow-editor scene: boxes with handles inside a parent frame.
    static func flow() -> GraphScene {
        var scene = GraphScene()
        scene.nodes = [
            .init(id: "group", x: 0, y: 0, label: "Pipeline"),
            .init(id: "in", x: 0, y: 0, width: 120, height: 40, label: "Input <raw>", group: "io", parent: 0),
            .init(id: "proc", x: 220, y: 80, width: 120, height: 40, label: "Process & filter", group: "step", parent: 0),
            .init(id: "out", x: 440, y: 0, width: 120, height: 40, label: "Output", group: "io", parent: 0),
            .init(id: "log", x: 220, y: 220, width: 100, height: 36, label: "Log", group: "side"),
        ]
        scene.edges = [
            .init(source: 1, target: 2, label: "data", sourceHandle: "right", targetHandle: "left"),
            .init(source: 2, target: 3, sourceHandle: "right", targetHandle: "left"),
            .init(source: 2, target: 4, label: "errors", sourceHandle: "bottom", targetHandle: "top"),
            .init(source: 3, target: 1, sourceHandle: "bottom", targetHandle: "bottom"),
        ]
        return scene
    }

    func testNumbersAreFixedPrecisionWithoutNegativeZero() {
        XCTAssertEqual(SVGWriter.number(1.0), "1")
        XCTAssertEqual(SVGWriter.number(1.006), "1.01")
        XCTAssertEqual(SVGWriter.number(-0.001), "0")
        XCTAssertEqual(SVGWriter.number(-2.5), "-2.5")
        XCTAssertEqual(SVGWriter.number(12.3456), "12.35")
        XCTAssertEqual(SVGWriter.number(.nan), "0")
    }

    func testTextIsEscaped() {
        // A picture's escaping (one function with the graph files', `XMLText.escape`): `'` escaped, whitespace kept,
        // what XML cannot hold left out.
        XCTAssertEqual(XMLText.escape("a<b & \"c\" 'd'>\u{1}\t\u{FFFE}", .picture), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\t")
        XCTAssertEqual(XMLText.escape("'d'\t", .graphFile), "'d'&#9;")
        XCTAssertEqual(XMLText.escape("plain é", .picture), "plain é")
    }

    func testControlCharactersNeverReachThePicture() throws {
        var scene = Self.ring(6)
        scene.nodes[0].label = "bell\u{07} \u{01}one"
        scene.nodes[1].group = "group\u{01}"
        scene.edges[0].label = "edge\u{01}\u{FFFF}"
        var options = GraphSVGOptions()
        options.title = "Title\u{01}"
        options.legendTitle = "groups\u{1B}"
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertEqual(PictureCheck.forbiddenXMLCharacters(svg), [])
        XCTAssertTrue(svg.contains(">Title</text>"))
        XCTAssertTrue(svg.contains(">bell one</text>"))
        try PictureCheck.verify(svg, name: "graph-control-characters")
    }

    func testTinyGraphGolden() throws {
        var options = GraphSVGOptions()
        options.width = 100
        options.height = 60
        options.padding = 10
        options.labels = .never
        let scene = GraphScene(nodes: [.init(id: "a", x: 0, y: 0), .init(id: "b", x: 20, y: 0)],
                               edges: [.init(source: 0, target: 1)])
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertEqual(svg, """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100" height="60" viewBox="0 0 100 60" font-family="DejaVu Sans, Verdana, sans-serif">
          <rect width="100%" height="100%" fill="#ffffff"/>
          <g class="edges" fill="none" stroke="#999999" stroke-width="1.2" stroke-opacity="0.8">
            <path d="M40,30 L60,30"/>
          </g>
          <g class="nodes" stroke-width="1.5">
            <circle cx="30" cy="30" r="10" fill="#4e79a7" stroke="#ffffff"/>
            <circle cx="70" cy="30" r="10" fill="#4e79a7" stroke="#ffffff"/>
          </g>
        </svg>

        """)
    }

    func testSameInputSameBytes() throws {
        let a = try GraphSVG(scene: Self.ring(12)).render()
        let b = try GraphSVG(scene: Self.ring(12)).render()
        XCTAssertEqual(a, b)
    }

    func testGroupsGetDistinctColoursAndALegend() throws {
        let svg = try GraphSVG(scene: Self.ring(9)).render()
        for colour in Palette.tableau10.prefix(3) { XCTAssertTrue(svg.contains("fill=\"\(colour)\"")) }
        XCTAssertTrue(svg.contains("class=\"legend\""))
        XCTAssertFalse(svg.contains(Palette.tableau10[3]))
    }

    func testRingPicture() throws {
        var options = GraphSVGOptions()
        options.title = "Ring & chord"
        options.legendTitle = "group"
        options.markerEnd = .arrowClosed
        options.nodeRadius = .constant(8)
        try PictureCheck.verify(try GraphSVG(scene: Self.ring(12), options: options).render(), name: "graph-ring")
    }

    func testEveryEdgeTypeDrawsAFlowPicture() throws {
        for type in EdgeType.allCases {
            var options = GraphSVGOptions()
            options.edgeType = type
            options.markerEnd = .arrow
            options.title = "Flow, \(type.rawValue) edges"
            let svg = try GraphSVG(scene: Self.flow(), options: options).render()
            XCTAssertTrue(svg.contains("Input &lt;raw&gt;"))
            XCTAssertTrue(svg.contains("class=\"frames\""))
            try PictureCheck.verify(svg, name: "graph-flow-\(type.rawValue)")
        }
    }

    func testLargeGraphSkipsCircleLabels() throws {
        var scene = GraphScene()
        for i in 0..<200 {
            let a = Double(i) * 2.399963
            let r = 10 * Double(i).squareRoot()
            scene.nodes.append(.init(id: "n\(i)", x: r * cos(a), y: r * sin(a), group: "\(i % 12)"))
            if i > 0 { scene.edges.append(.init(source: i, target: i / 2)) }
        }
        var options = GraphSVGOptions()
        options.palette = Palette.okabeIto
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertFalse(svg.contains("class=\"labels\""))
        try PictureCheck.verify(svg, name: "graph-phyllotaxis")
    }

    func testExplicitViewportPlacesWorldPoints() throws {
        var options = GraphSVGOptions()
        options.viewport = .explicit(zoom: 2, x: 50, y: 40)
        options.labels = .never
        let scene = GraphScene(nodes: [.init(id: "a", x: 10, y: 5)])
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertTrue(svg.contains("<circle cx=\"70\" cy=\"50\" r=\"10\""))
    }

    func testPerNodeStyles() throws {
        var options = GraphSVGOptions()
        options.nodeFill = .values(["#ff0000", "#00ff00"])
        options.nodeRadius = .compute { Double($0 + 1) * 3 }
        options.viewport = .explicit(zoom: 1, x: 0, y: 0)
        let scene = GraphScene(nodes: [.init(id: "a", x: 10, y: 10), .init(id: "b", x: 50, y: 10)])
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertTrue(svg.contains("r=\"3\" fill=\"#ff0000\""))
        XCTAssertTrue(svg.contains("r=\"6\" fill=\"#00ff00\""))
        XCTAssertFalse(svg.contains("class=\"legend\""))
    }

    func testBadInputThrows() {
        var options = GraphSVGOptions()
        options.nodeFill = .values(["#ff0000"])
        let two = GraphScene(nodes: [.init(id: "a", x: 0, y: 0), .init(id: "b", x: 1, y: 0)])
        XCTAssertThrowsError(try GraphSVG(scene: two, options: options).render()) {
            XCTAssertEqual("\($0)", "fill has 1 values but the graph has 2 nodes")
        }
        let cycle = GraphScene(nodes: [.init(id: "a", x: 0, y: 0, parent: 1), .init(id: "b", x: 1, y: 0, parent: 0)])
        XCTAssertThrowsError(try GraphSVG(scene: cycle).render()) {
            XCTAssertEqual("\($0)", "node 'a' is in a parent cycle")
        }
        let nan = GraphScene(nodes: [.init(id: "a", x: .nan, y: 0)])
        XCTAssertThrowsError(try GraphSVG(scene: nan).render())
        // Style numbers that no viewer can draw are errors rather than an unreadable picture.
        var lettering = GraphSVGOptions()
        lettering.fontSize = .infinity
        XCTAssertThrowsError(try GraphSVG(scene: two, options: lettering).render()) {
            XCTAssertEqual("\($0)", "fontSize must be from 0.1 to 10000, got inf")
        }
        var zoomed = GraphSVGOptions()
        zoomed.viewport = .explicit(zoom: .nan, x: 0, y: 0)
        XCTAssertThrowsError(try GraphSVG(scene: two, options: zoomed).render()) {
            XCTAssertEqual("\($0)", "viewport zoom must be from 1e-09 to 1e+09, got nan")
        }
        var faint = GraphSVGOptions()
        faint.edgeOpacity = 2
        XCTAssertThrowsError(try GraphSVG(scene: two, options: faint).render()) {
            XCTAssertEqual("\($0)", "edgeOpacity must be from 0 to 1, got 2")
        }
        let dangling = GraphScene(nodes: [.init(id: "a", x: 0, y: 0)], edges: [.init(source: 0, target: 3)])
        XCTAssertThrowsError(try GraphSVG(scene: dangling).render())
        var huge = GraphSVGOptions()
        huge.height = 1e300
        XCTAssertThrowsError(try GraphSVG(scene: two, options: huge).render()) {
            XCTAssertEqual("\($0)", "picture height must be from 1 to 1000000 pixels, got 1e+300")
        }
    }

    func testWriteGoesThroughAtomicFile() throws {
        let path = PictureCheck.folder + "/written.svg"
        try GraphSVG(scene: Self.ring(5)).write(to: path)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        XCTAssertThrowsError(try GraphSVG(scene: Self.ring(5)).write(to: "/nonexistent-folder/x.svg")) {
            XCTAssertTrue("\($0)".contains("does not exist"))
        }
    }

    func testManyGroupsPicture() throws {
        let names = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi".split(separator: " ").map(String.init)
        var scene = GraphScene()
        for i in 0..<42 {
            let a = Double(i) * 2.399963, r = 30 * Double(i).squareRoot()
            scene.nodes.append(.init(id: "node \(i)", x: r * cos(a), y: r * sin(a), group: names[i % names.count]))
            if i > 0 { scene.edges.append(.init(source: i, target: i / 2)) }
        }
        var options = GraphSVGOptions()
        options.title = "Fourteen communities"
        options.legendTitle = "community"
        let svg = try GraphSVG(scene: scene, options: options).render()
        XCTAssertTrue(svg.contains(">other (5 groups)</text>"))
        try PictureCheck.verify(svg, name: "graph-many-groups")
    }
}
