import Foundation
import XCTest

/// Checks that an SVG file is well-formed XML and renders to a picture that is not blank.
enum PictureCheck {
    static func assertDrawn(svg path: String, file: String, line: UInt = #line) throws {
        for tool in ["/usr/bin/xmllint", "/usr/bin/rsvg-convert"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return XCTFail("\(tool) is missing: run scripts/setup (libxml2-utils, librsvg2-bin)")
        }
        let lint = try ForcelabProcess.run(["--noout", path], executable: "/usr/bin/xmllint")
        XCTAssertEqual(lint.status, 0, "\(file) is not well-formed: \(lint.stderr)")
        let png = path + ".png"
        let render = try ForcelabProcess.run(["-o", png, path], executable: "/usr/bin/rsvg-convert")
        XCTAssertEqual(render.status, 0, "\(file) does not render: \(render.stderr)")
        let blank = path + ".blank.svg"
        let size = try sizeOf(svg: String(contentsOfFile: path, encoding: .utf8))
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.0)\" height=\"\(size.1)\"><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/></svg>"
            .write(toFile: blank, atomically: true, encoding: .utf8)
        _ = try ForcelabProcess.run(["-o", blank + ".png", blank], executable: "/usr/bin/rsvg-convert")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: png)).count
        let empty = try Data(contentsOf: URL(fileURLWithPath: blank + ".png")).count
        XCTAssertGreaterThan(drawn, empty * 4, "\(file) renders (almost) blank")
    }

    private static func sizeOf(svg: String) throws -> (String, String) {
        func attribute(_ name: String) -> String {
            guard let range = svg.range(of: " \(name)=\"") else { return "100" }
            return String(svg[range.upperBound...].prefix { $0 != "\"" })
        }
        return (attribute("width"), attribute("height"))
    }
}
