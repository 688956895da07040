import Foundation
import LuaHost
import XCTest

/// docs/lua-api.md holds, between `<!-- options: NAME -->` and `<!-- end options -->`, exactly the option table made
/// from each declaration; FORCELAB_UPDATE_DOCS=1 rewrites the blocks from the declarations instead.
final class OptionDocsTests: XCTestCase {
    static let apiDocs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/lua-api.md")

    static let start = "<!-- options: "
    static let end = "<!-- end options -->"

    /// The blocks of `text`: the function named by each start marker and the range of the lines between the markers.
    static func blocks(_ text: String) -> [(name: String, body: Range<String.Index>)] {
        var blocks: [(name: String, body: Range<String.Index>)] = []
        var searchFrom = text.startIndex
        while let opening = text.range(of: start, range: searchFrom..<text.endIndex) {
            guard let close = text.range(of: " -->\n", range: opening.upperBound..<text.endIndex),
                  let ending = text.range(of: end, range: close.upperBound..<text.endIndex) else { break }
            blocks.append((String(text[opening.upperBound..<close.lowerBound]), close.upperBound..<ending.lowerBound))
            searchFrom = ending.upperBound
        }
        return blocks
    }

    func testTheDocsHoldEveryDeclaredOptionTable() throws {
        var text = try String(contentsOf: Self.apiDocs, encoding: .utf8)
        let declared = Dictionary(uniqueKeysWithValues: LuaOptionTables.all.map { ($0.function, $0.markdown) })
        let found = Self.blocks(text)
        if ProcessInfo.processInfo.environment["FORCELAB_UPDATE_DOCS"] == "1" {
            for block in found.reversed() {
                if let markdown = declared[block.name] { text.replaceSubrange(block.body, with: markdown) }
            }
            try text.write(to: Self.apiDocs, atomically: true, encoding: .utf8)
        }
        let update = "run the tests with FORCELAB_UPDATE_DOCS=1 to rewrite the blocks from the declarations"
        let names = found.map(\.name)
        for table in LuaOptionTables.all {
            let blocks = found.filter { $0.name == table.function }
            XCTAssertEqual(blocks.count, 1, "docs/lua-api.md needs one '\(Self.start)\(table.function) -->' ... '\(Self.end)' block where its options are described")
            for block in blocks {
                XCTAssertEqual(String(text[block.body]), table.markdown, "docs/lua-api.md's options of \(table.function) differ from the declaration: \(update)")
            }
        }
        for name in names where declared[name] == nil {
            XCTFail("docs/lua-api.md has an options block for '\(name)', which declares no options table")
        }
    }

    func testTheBlocksAreFoundAsWritten() {
        let text = "a\n<!-- options: f -->\n| x |\n<!-- end options -->\nb\n<!-- options: g -->\n<!-- end options -->\n"
        let blocks = Self.blocks(text)
        XCTAssertEqual(blocks.map(\.name), ["f", "g"])
        XCTAssertEqual(blocks.map { String(text[$0.body]) }, ["| x |\n", ""])
    }
}
