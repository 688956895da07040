import Foundation
import XCTest
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
        return Replay.Recording(ids: (0..<n).map { "node \($0)" },
                                data: (0..<n).map { "{\"group\": \($0 % 2), \"note\": \"</script> & <b>\"}" },
                                groups: (0..<n).map { $0 % 2 == 0 ? "even" : "odd" },
                                edges: (1..<n).map { ($0 - 1, $0) } + [(0, 15)],
                                frames: frames, ticks: (0..<40).map { $0 * 5 })
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
        options.nodeRadius = -1
        XCTAssertThrowsError(try Replay(recording: Self.recording(), options: options).html()) {
            XCTAssertEqual("\($0)", "nodeRadius must be from 0.01 to 1000, got -1")
        }
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
