import Foundation
import XCTest

/// The tutorial's steps (examples/tutorial) run, draw valid pictures, and docs/pictures holds exactly what they draw; every code block the docs say is a file is that file.
/// FORCELAB_UPDATE_DOCS=1 copies what the scripts draw into docs/pictures instead of comparing.
final class DocsExamplesTests: XCTestCase {
    /// Scripts of one folder, the docs folder that keeps what they write and the page that shows it.
    struct Collection {
        let scripts: String
        let pictures: String
        let page: String
    }

    static let tutorial = Collection(scripts: "examples/tutorial", pictures: "docs/pictures/tutorial", page: "docs/tutorial.md")

    /// Above this size an SVG is kept in docs/pictures as the PNG `rsvg-convert` renders of it.
    static let largestKeptSVG = 1_000_000

    static let root = ForcelabProcess.packageRoot
    static var updating: Bool { ProcessInfo.processInfo.environment["FORCELAB_UPDATE_DOCS"] == "1" }

    func testTutorialStepsDrawTheTutorialsPictures() throws {
        try checkRunsAndPictures(of: Self.tutorial, atLeast: 10)
    }

    func testEveryCodeBlockMarkedWithAFileIsThatFile() throws {
        var shown: Set<String> = []
        for page in ["README.md", Self.tutorial.page] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let blocks = Self.markedBlocks(text)
            for block in blocks {
                let file = try String(contentsOf: Self.root.appendingPathComponent(block.file), encoding: .utf8)
                XCTAssertEqual(block.code, file, "\(page): the code block marked '\(block.file)' is not that file")
                shown.insert(block.file)
            }
            if page == Self.tutorial.page {
                XCTAssertEqual(Self.fencedLuaBlockCount(text), blocks.count, "\(page): every lua block must be marked with the file it shows")
            }
        }
        for script in try Self.scripts(of: Self.tutorial) {
            XCTAssertTrue(shown.contains("\(Self.tutorial.scripts)/\(script)"), "\(Self.tutorial.page) does not show \(script)")
        }
    }

    func testMarkedBlocksAreFoundAsWritten() {
        let text = "x\n<!-- file: a.lua -->\n```lua\nprint(1)\n\nprint(2)\n```\n```lua\nfree\n```\n"
        let blocks = Self.markedBlocks(text)
        XCTAssertEqual(blocks.map(\.file), ["a.lua"])
        XCTAssertEqual(blocks.map(\.code), ["print(1)\n\nprint(2)\n"])
        XCTAssertEqual(Self.fencedLuaBlockCount(text), 2)
    }

    /// Runs every script of the collection into a fresh folder, checks each SVG draws, and compares what it wrote
    /// with docs/pictures (or copies it there when updating); every kept file must appear on the collection's page.
    private func checkRunsAndPictures(of collection: Collection, atLeast count: Int) throws {
        let scripts = try Self.scripts(of: collection)
        XCTAssertGreaterThanOrEqual(scripts.count, count, "\(collection.scripts) holds too few scripts")
        let kept = Self.root.appendingPathComponent(collection.pictures)
        let page = try String(contentsOf: Self.root.appendingPathComponent(collection.page), encoding: .utf8)
        var made: Set<String> = []
        for script in scripts {
            let out = try ForcelabProcess.temporaryFolder(self)
            let run = try ForcelabProcess.run([Self.root.appendingPathComponent("\(collection.scripts)/\(script)").path, out.path])
            XCTAssertEqual(run.status, 0, "\(script): \(run.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            let stem = String(script.dropLast(4))
            XCTAssertFalse(written.isEmpty, "\(script) wrote nothing")
            for name in written {
                XCTAssertTrue(name.hasPrefix(stem), "\(script) wrote \(name), whose name does not start with '\(stem)'")
                let path = out.appendingPathComponent(name).path
                var keptName = name
                if name.hasSuffix(".svg") {
                    try PictureCheck.assertDrawn(svg: path, file: "\(script): \(name)")
                    try? FileManager.default.removeItem(atPath: path + ".blank.svg")
                    try? FileManager.default.removeItem(atPath: path + ".blank.svg.png")
                    if try Data(contentsOf: URL(fileURLWithPath: path)).count > Self.largestKeptSVG {
                        keptName = String(name.dropLast(4)) + ".png"
                    } else {
                        try? FileManager.default.removeItem(atPath: path + ".png")
                    }
                }
                let source = keptName == name ? path : path + ".png"
                try compareOrUpdate(made: source, kept: kept.appendingPathComponent(keptName), script: script)
                made.insert(keptName)
                XCTAssertTrue(page.contains("pictures/\(Self.lastComponent(collection.pictures))/\(keptName)"),
                              "\(collection.page) does not show \(keptName) (from \(script))")
            }
        }
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? [])
        for stale in present.subtracting(made).sorted() {
            if Self.updating { try FileManager.default.removeItem(at: kept.appendingPathComponent(stale)) } else {
                XCTFail("\(collection.pictures)/\(stale) is made by no script: run the tests with FORCELAB_UPDATE_DOCS=1")
            }
        }
    }

    /// The same bytes in docs as the script made, or (updating) a copy of them.
    private func compareOrUpdate(made: String, kept: URL, script: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: made))
        if Self.updating {
            try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(contentsOf: kept)) != bytes { try bytes.write(to: kept, options: .atomic) }
            return
        }
        let old = try? Data(contentsOf: kept)
        XCTAssertNotNil(old, "\(kept.lastPathComponent) (from \(script)) is not in docs: run the tests with FORCELAB_UPDATE_DOCS=1")
        if let old {
            XCTAssertTrue(old == bytes, "\(kept.lastPathComponent) differs from what \(script) draws now: run the tests with FORCELAB_UPDATE_DOCS=1, and look at it")
        }
    }

    /// The collection's scripts, sorted by name.
    static func scripts(of collection: Collection) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(collection.scripts).path)
            .filter { $0.hasSuffix(".lua") }.sorted()
    }

    static func lastComponent(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// Each fenced block directly after a `<!-- file: PATH -->` line: the path and the code between the fences.
    static func markedBlocks(_ text: String) -> [(file: String, code: String)] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [(file: String, code: String)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- file: "), line.hasSuffix(" -->"), index < lines.count, lines[index].hasPrefix("```") else { continue }
            let file = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            var code: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                code.append(lines[index])
                index += 1
            }
            blocks.append((file, code.map { $0 + "\n" }.joined()))
        }
        return blocks
    }

    /// How many fenced blocks open with ```lua.
    static func fencedLuaBlockCount(_ text: String) -> Int {
        text.components(separatedBy: "\n").filter { $0 == "```lua" }.count
    }
}
