import XCTest
@testable import Render

final class BrailleCanvasTests: XCTestCase {
    func testDotsMapToBrailleBits() throws {
        var canvas = try BrailleCanvas(columns: 2, rows: 1)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 1, y: 3)
        canvas.set(x: 2, y: 1)
        canvas.set(x: 9, y: 9)
        XCTAssertEqual(canvas.render(), "\u{2881}\u{2802}")
    }

    func testBresenhamDiagonal() throws {
        var canvas = try BrailleCanvas(columns: 2, rows: 1)
        canvas.line(from: (0, 0), to: (3, 3))
        XCTAssertEqual(canvas.render(), "⠑⢄")
    }

    func testPreviewFitsATriangle() throws {
        let text = try BrailleCanvas.preview(positions: [[0, 0], [100, 0], [50, 50]], edges: [(0, 1), (1, 2), (2, 0)],
                                             columns: 8, rows: 3)
        XCTAssertEqual(text, """
        ⠶⡒⠒⠒⠒⠒⡲⠶
        ⠀⠘⢄⠀⢀⠎⠀⠀
        ⠀⠀⠀⠱⠇⠀⠀⠀
        """, "edges are thin lines, nodes 2 × 2 blocks")
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.unicodeScalars.count == 8 })
    }

    func testPreviewOfOneNodeAndErrors() throws {
        XCTAssertEqual(try BrailleCanvas.preview(positions: [[5, 5]], edges: [], columns: 1, rows: 1), "⠶")
        XCTAssertEqual(try BrailleCanvas.preview(positions: [], edges: [], columns: 2, rows: 1), "\u{2800}\u{2800}")
        XCTAssertThrowsError(try BrailleCanvas.preview(positions: [[0, 0]], edges: [(0, 1)], columns: 4, rows: 2))
        XCTAssertThrowsError(try BrailleCanvas.preview(positions: [[0, 0]], edges: [], columns: 0, rows: 2))
    }

    /// F2: sizes are checked before allocating, without overflow: huge, overflowing and negative sizes are refused.
    func testOversizedCanvasesAreRefusedBeforeAllocation() throws {
        for (columns, rows) in [(1_000_000, 1_000_000), (1 << 62, 4), (4, 1 << 62), (Int.max, Int.max), (40_000, 40_000),
                                (BrailleCanvas.maximumColumns + 1, 1), (2_001, 2_000), (-1, 5)] {
            XCTAssertThrowsError(try BrailleCanvas(columns: columns, rows: rows), "\(columns) × \(rows)")
            XCTAssertThrowsError(try BrailleCanvas.preview(positions: [[0, 0]], edges: [], columns: columns, rows: rows))
        }
        XCTAssertThrowsError(try BrailleCanvas(columns: 1 << 62, rows: 4)) { error in
            XCTAssertTrue("\(error)".contains("too large"), "\(error)")
        }
        let widest = try BrailleCanvas(columns: BrailleCanvas.maximumColumns, rows: 400)
        XCTAssertEqual(widest.dotWidth, 20_000)
        XCTAssertNoThrow(try BrailleCanvas(columns: 2_000, rows: 2_000))
    }

    func testLabelsSitBesideTheirNodesWithoutCoveringEachOther() throws {
        let text = try BrailleCanvas.preview(
            positions: [[0, 0], [460, 0], [0, 100]], edges: [], columns: 24, rows: 3,
            labels: [(node: 0, text: "left"), (node: 1, text: "right"), (node: 2, text: "a label too long for the row")])
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("⠛left⠀"), text)
        XCTAssertTrue(lines[0].hasSuffix("⠀right⠛"), "no room on the right: the label goes left of its node\n\(text)")
        XCTAssertEqual(lines[2], "⣤a label too long for t…", "cut to the room there is")
        XCTAssertTrue(lines.allSatisfy { $0.count == 24 }, text)
        let crowded = try BrailleCanvas.preview(
            positions: [[0, 0], [0, 0], [100, 0]], edges: [], columns: 20, rows: 1,
            labels: [(node: 0, text: "first"), (node: 1, text: "second")])
        XCTAssertTrue(crowded.contains("first") && !crowded.contains("second"), "one label of two overlapping ones: \(crowded)")
        XCTAssertThrowsError(try BrailleCanvas.preview(positions: [[0, 0]], edges: [], columns: 4, rows: 1, labels: [(node: 1, text: "x")]))
    }

    func testColourMakesEdgesFaintAndNodesBoldOnlyWhenAsked() throws {
        let positions: [SIMD2<Double>] = [[0, 0], [100, 0]]
        let plain = try BrailleCanvas.preview(positions: positions, edges: [(0, 1)], columns: 10, rows: 1)
        XCTAssertFalse(plain.contains("\u{1B}"), plain)
        let coloured = try BrailleCanvas.preview(positions: positions, edges: [(0, 1)], columns: 10, rows: 1, colour: true)
        XCTAssertTrue(coloured.hasPrefix("\u{1B}[1;33m⠶"), "a node cell is bold yellow: \(coloured.debugDescription)")
        XCTAssertTrue(coloured.contains("\u{1B}[0m\u{1B}[2m⠒"), "an edge cell is faint: \(coloured.debugDescription)")
        XCTAssertTrue(coloured.hasSuffix("⠶\u{1B}[0m"), coloured.debugDescription)
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, plain, "colour changes nothing but the escapes")
    }
}
