import XCTest
@testable import LuaHost

/// The progress line fits the terminal: a bar of up to 30 cells, shorter on a narrow terminal, none on a very narrow one.
final class ProgressLineTests: XCTestCase {
    func testTheLineIsShorterThanTheTerminal() {
        let figures = " tick 12  alpha 0.5000"
        XCTAssertEqual(ProgressLine.fitted(done: 0.5, figures: figures, columns: 80),
                       String(repeating: "█", count: 15) + String(repeating: "·", count: 15) + figures)
        XCTAssertEqual(ProgressLine.fitted(done: 1, figures: figures, columns: 32),
                       String(repeating: "█", count: 9) + figures, "9 cells, one column left free")
        XCTAssertEqual(ProgressLine.fitted(done: 0.5, figures: figures, columns: 27), "tick 12  alpha 0.5000",
                       "room for 4 cells: the figures alone")
        XCTAssertEqual(ProgressLine.fitted(done: 0.5, figures: figures, columns: 8), "tick 12")
        XCTAssertEqual(ProgressLine.fitted(done: .nan, figures: figures, columns: 1), "")
        XCTAssertEqual(ProgressLine.fitted(done: .nan, figures: figures, columns: 40).filter { $0 == "█" }.count, 0)
    }
}
