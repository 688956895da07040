import Foundation
import XCTest
import GraphModel
@testable import Render

final class ReplayTests: XCTestCase {
    /// A spiral that unwinds over 40 frames, with two groups and a chain of edges.
    static func recording() -> Replay.Recording {
        let n = 30
        let frames = (0..<40).map { t in
            (0..<n).map { i -> SIMD2<Double> in
                let a = Double(i) * 0.7 + Double(t) * 0.05, r = 20 + Double(i) * (3 + Double(t) * 0.2)
                return [r * cos(a), r * sin(a)]
            }
        }
        var recording = Replay.Recording(ids: (0..<n).map { "node \($0)" },
                                data: (0..<n).map { "{\"group\": \($0 % 2), \"note\": \"</script> & <b>\"}" },
                                groups: (0..<n).map { $0 % 2 == 0 ? "even" : "odd" },
                                edges: (1..<n).map { ($0 - 1, $0) } + [(0, 15)],
                                frames: frames, ticks: (0..<40).map { $0 * 5 })
        recording.fixed = (0..<40).map { $0 < 20 ? [0] : [0, 15] }
        recording.cooling = (0..<196).map { t in (t, pow(0.977, Double(t)), 500 * pow(0.96, Double(t)) + 1e-7) }
        return recording
    }

    /// Options giving the recording's nodes and edges radii and widths one by one.
    static func styled() -> Replay.Options {
        var options = Replay.Options()
        options.nodeRadius = .values((0..<30).map { 3 + Double($0 % 4) * 2 })
        options.edgeWidth = .values((0..<30).map { 1 + Double($0 % 3) })
        return options
    }

    func testRadiiWidthsFixedNodesAndCoolingReachThePage() throws {
        let json = try Replay(recording: Self.recording(), options: Self.styled()).json(meter: WorkMeter())
        XCTAssertTrue(json.contains("\"radii\":[3,5,7,9,3,"), json)
        XCTAssertTrue(json.contains("\"widths\":[1,2,3,1,"))
        XCTAssertTrue(json.contains("\"fixed\":[[0],[0],"))
        XCTAssertTrue(json.contains("[0,15]]"))
        XCTAssertTrue(json.contains("\"cooling\":{\"ticks\":[0,1,2,"))
        XCTAssertTrue(json.contains("\"alpha\":[1,0.977,0.954529,"), "six significant digits")
        var plain = Self.recording()
        plain.fixed = []
        var options = Replay.Options()
        options.nodeRadius = .constant(6)
        options.edgeWidth = .constant(0.5)
        let defaults = try Replay(recording: plain, options: options).json(meter: WorkMeter())
        XCTAssertTrue(defaults.contains("\"radii\":[6,6,6,") && defaults.contains("\"widths\":[0.5,0.5,"))
        XCTAssertTrue(defaults.contains("\"fixed\":[[],[],"))
        let html = try Replay(recording: Self.recording()).html()
        XCTAssertTrue(html.contains("<select id=\"speed\" aria-label=\"speed\"><option value=\"0.25\">0.25×</option>"))
        XCTAssertTrue(html.contains("<option value=\"1\" selected>1×</option>"))
        XCTAssertTrue(html.contains("<canvas id=\"cooling\""))
        var badStyle = Self.styled()
        badStyle.nodeRadius = .values((0..<30).map { $0 == 3 ? 0 : 4 })
        XCTAssertThrowsError(try Replay(recording: Self.recording(), options: badStyle).html()) {
            XCTAssertEqual("\($0)", "radius must be from 0.01 to 1000, got 0")
        }
        badStyle = Self.styled()
        badStyle.edgeWidth = .values(Array(repeating: 1, count: 29))
        XCTAssertThrowsError(try Replay(recording: Self.recording(), options: badStyle).html()) {
            XCTAssertEqual("\($0)", "edgeWidth has 29 values but the graph has 30 edges")
        }
        var bad = Self.recording()
        bad.fixed[2] = [30]
        XCTAssertThrowsError(try Replay(recording: bad).html()) { XCTAssertEqual("\($0)", "a fixed node index is not one of the 30 nodes") }
        bad = Self.recording()
        bad.cooling[1].energy = .nan
        XCTAssertThrowsError(try Replay(recording: bad).html()) { XCTAssertEqual("\($0)", "an alpha or energy is not a finite number") }
    }

    func testPageIsSelfContainedAndCompact() throws {
        let html = try Replay(recording: Self.recording()).html()
        XCTAssertEqual(html, try Replay(recording: Self.recording()).html())
        XCTAssertFalse(html.contains("http"), "the page loads nothing from elsewhere")
        XCTAssertFalse(html.contains("src="))
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2, "data cannot close the script element")
        XCTAssertTrue(html.contains("\\u003c/script\\u003e \\u0026 \\u003cb\\u003e"))
        let data = html.components(separatedBy: "\"frames\":")[1].components(separatedBy: "</script>")[0]
        XCTAssertNil(data.range(of: #"\.\d{3}"#, options: .regularExpression), "numbers have at most two decimals")
    }

    func testControlCharactersNeverReachThePage() throws {
        var recording = Self.recording()
        recording.ids[0] = "node\u{01}"
        recording.data[1] = "note\u{1B}\u{FFFE}"
        recording.groups[2] = "group\u{01}"
        var options = Replay.Options()
        options.title = "Replay\u{01}"
        let html = try Replay(recording: recording, options: options).html()
        XCTAssertEqual(PictureCheck.forbiddenXMLCharacters(html), [])
        XCTAssertTrue(html.contains("<h1>Replay</h1>"))
        XCTAssertTrue(html.contains(#""node\u0001""#))
        try PictureCheck.verifyPage(html, name: "replay-control-characters")
    }

    func testJSONStrings() {
        XCTAssertEqual(JSONText.string("a\"b\\c\n\u{1}<\u{FFFF}"), #""a\"b\\c\n\u0001\u003c\uffff""#)
        XCTAssertEqual(JSONText.numbers([1, 2.345, -0.001]), "[1,2.35,0]")
    }

    func testMismatchedRecordingsThrow() {
        var r = Self.recording()
        r.frames[3].removeLast()
        XCTAssertThrowsError(try Replay(recording: r).html()) { XCTAssertEqual("\($0)", "frame 4 has 29 positions but there are 30 nodes") }
        r = Self.recording()
        r.edges.append((0, 99))
        XCTAssertThrowsError(try Replay(recording: r).html())
        r = Self.recording()
        r.frames = []
        XCTAssertThrowsError(try Replay(recording: r).html()) { XCTAssertEqual("\($0)", "a replay needs at least one frame") }
        r = Self.recording()
        r.data = ["one"]
        XCTAssertThrowsError(try Replay(recording: r).html())
        var options = Replay.Options()
        options.framesPerSecond = .infinity
        XCTAssertThrowsError(try Replay(recording: Self.recording(), options: options).html()) {
            XCTAssertEqual("\($0)", "framesPerSecond must be from 0.01 to 1000, got inf")
        }
        options = Replay.Options()
        options.nodeRadius = .constant(-1)
        XCTAssertThrowsError(try Replay(recording: Self.recording(), options: options).html()) {
            XCTAssertEqual("\($0)", "radius must be from 0.01 to 1000, got -1")
        }
    }

    func testStylesByDataFieldReadTheStyledNodesAndEdges() throws {
        var recording = Self.recording()
        recording.styledNodes = recording.ids.enumerated().map { GraphScene.Node(id: $1, x: 0, y: 0, data: ["size": .number(Double($0 % 3 + 2))]) }
        recording.styledEdges = recording.edges.enumerated().map { GraphScene.Edge(source: $1.0, target: $1.1, id: "e\($0)", data: ["w": .integer($0 % 2 + 1)]) }
        var options = Replay.Options()
        options.nodeRadius = .field("size")
        options.edgeWidth = .field("w")
        let json = try Replay(recording: recording, options: options).json(meter: WorkMeter())
        XCTAssertTrue(json.contains("\"radii\":[2,3,4,2,") && json.contains("\"widths\":[1,2,1,2,"), json)
        options.edgeWidth = .field("size")
        XCTAssertThrowsError(try Replay(recording: recording, options: options).html()) {
            XCTAssertEqual("\($0)", "edgeWidth: edge 'e0' has no numeric data field 'size'")
        }
        recording.styledEdges.removeLast()
        XCTAssertThrowsError(try Replay(recording: recording).html()) { XCTAssertEqual("\($0)", "styledEdges has 29 entries but there are 30 edges") }
    }

    func testPagePlaysInHeadlessChromium() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/test-browser").path
        // CI asks for the browser tests (FORCELAB_BROWSER_TESTS=1): there a missing browser is a failure, not a skip.
        let required = ProcessInfo.processInfo.environment["FORCELAB_BROWSER_TESTS"] == "1"
        guard PictureCheck.tool("chromium") != nil, PictureCheck.tool("chromedriver") != nil,
              FileManager.default.isExecutableFile(atPath: script) else {
            if required { return XCTFail("browser tests were asked for, but chromium or chromedriver is missing") }
            throw XCTSkip("chromium, chromedriver or scripts/test-browser is missing")
        }
        let page = PictureCheck.folder + "/replay.html"
        var options = Replay.Options()
        options.title = "Spiral <unwinding>"
        try Replay(recording: Self.recording(), options: options).write(to: page)
        let (status, output) = try PictureCheck.run("/bin/bash", [script, page])
        if status == 77 {
            if required { return XCTFail(output) }
            throw XCTSkip(output)
        }
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("ok   the picture changes when the slider moves"), output)
    }
}
