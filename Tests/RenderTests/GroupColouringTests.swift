import XCTest
@testable import Render

final class GroupColouringTests: XCTestCase {
    func testOverflowGroupsShareOneGreyEntry() {
        var scene = GraphScene()
        for (i, g) in ["a", "a", "b", "c", "c", "c", "d"].enumerated() {
            scene.nodes.append(.init(id: "\(i)", x: 0, y: 0, group: g))
        }
        let colouring = GroupColouring(scene: scene, palette: ["#111111", "#222222", "#333333"])
        XCTAssertEqual(colouring.entries.map(\.name), ["a", "c", "other (2 groups)"])
        XCTAssertEqual(colouring.colours, ["#111111", "#111111", Palette.ungrouped, "#222222", "#222222", "#222222", Palette.ungrouped])
    }

    func testNumericGroupsSortByValue() {
        XCTAssertEqual(Palette.sortedKeys(["10", "2", "b", "1", "a"]), ["1", "2", "10", "a", "b"])
    }
}
