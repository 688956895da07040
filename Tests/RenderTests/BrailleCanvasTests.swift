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
        ⢤⠤⠤⠤⠤⠤⠤⡤
        ⠀⠑⠢⡀⠀⡠⠊⠀
        ⠀⠀⠀⠈⠊⠀⠀⠀
        """)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.unicodeScalars.count == 8 })
    }

    func testPreviewOfOneNodeAndErrors() throws {
        XCTAssertEqual(try BrailleCanvas.preview(positions: [[5, 5]], edges: [], columns: 1, rows: 1), "\u{2820}")
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
}
