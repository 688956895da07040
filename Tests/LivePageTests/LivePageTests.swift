import LivePage
import XCTest

/// The live page's files are served from the binary, and nothing else is.
final class LivePageTests: XCTestCase {
    func testThePageAndItsScriptAndStylesAreServed() throws {
        let page = try XCTUnwrap(LivePage.file("/"))
        XCTAssertEqual(page.contentType, "text/html; charset=utf-8")
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("live.js?token="), "the script is asked for with the page's token")
        XCTAssertTrue(html.contains("<canvas id=\"view\""))
        let script = try XCTUnwrap(LivePage.file("/live.js"))
        XCTAssertEqual(script.contentType, "text/javascript; charset=utf-8")
        XCTAssertTrue(String(decoding: script.body, as: UTF8.self).contains("new WebSocket("))
        let style = try XCTUnwrap(LivePage.file("/live.css"))
        XCTAssertEqual(style.contentType, "text/css; charset=utf-8")
        XCTAssertTrue(String(decoding: style.body, as: UTF8.self).contains("#panel"))
    }

    func testNoOtherPathIsServed() {
        for path in ["", "/index.html", "/live.js/", "/../Package.swift", "/api.json", "/socket", "/LIVE.JS", "/live.js?x"] {
            XCTAssertNil(LivePage.file(path), path)
        }
    }

    func testThePageNeedsNothingFromTheNetwork() throws {
        for path in ["/", "/live.js", "/live.css"] {
            let text = String(decoding: try XCTUnwrap(LivePage.file(path)).body, as: UTF8.self)
            XCTAssertFalse(text.contains("http://") || text.contains("https://") || text.contains("//cdn"), path)
        }
    }
}
