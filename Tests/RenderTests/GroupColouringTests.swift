import XCTest
@testable import Render

final class GroupColouringTests: XCTestCase {
    func testOverflowGroupsShareOneGreyEntry() {
        let colouring = GroupColouring(keys: ["a", "a", "b", "c", "c", "c", "d"], palette: ["#111111", "#222222", "#333333"])
        XCTAssertEqual(colouring.entries.map(\.name), ["a", "c", "other (2 groups)"])
        XCTAssertEqual(colouring.colours, ["#111111", "#111111", Palette.ungrouped, "#222222", "#222222", "#222222", Palette.ungrouped])
    }

    func testKeysThatAreAllColoursAreUsedAsTheyAre() {
        let colouring = GroupColouring(keys: ["#ff0000", nil, "steelblue"], palette: Palette.okabeIto)
        XCTAssertEqual(colouring.colours, ["#ff0000", Palette.ungrouped, "steelblue"])
        XCTAssertTrue(colouring.entries.isEmpty)
        XCTAssertEqual(GroupColouring(keys: ["#ff0000", "x"], palette: Palette.okabeIto).colours, [Palette.okabeIto[0], Palette.okabeIto[1]])
    }

    /// Colouring by `fill = field` and by `group = field` is one rule: both honour the palette and make a legend.
    func testAFillFieldIsColouredAsAGroupIs() throws {
        let nodes = ["x", "y", "x"].enumerated().map { i, kind in
            GraphScene.Node(id: "\(i)", x: Double(i), y: 0, group: kind, data: ["kind": .string(kind)])
        }
        let byField = try StyleValue<String>.field("kind").colouring(for: nodes, palette: Palette.okabeIto, option: "fill")
        let byGroup = GroupColouring(keys: nodes.map(\.group), palette: Palette.okabeIto)
        XCTAssertEqual(byField.colours, [Palette.okabeIto[0], Palette.okabeIto[1], Palette.okabeIto[0]])
        XCTAssertEqual(byField.colours, byGroup.colours)
        XCTAssertEqual(byField.entries.map(\.name), ["x", "y"])
        let constant = try StyleValue<String>.field("tomato").colouring(for: nodes, palette: Palette.okabeIto, option: "fill")
        XCTAssertEqual(constant.colours, ["tomato", "tomato", "tomato"])
        XCTAssertTrue(constant.entries.isEmpty)
    }

    func testANumericFieldGivesOneNumberPerNodeOrNamesTheNodeWithout() throws {
        let nodes = [GraphScene.Node(id: "a", x: 0, y: 0, data: ["size": .number(3)]), GraphScene.Node(id: "b", x: 0, y: 0)]
        XCTAssertEqual(try StyleValue<Double>.field("size").numbers(for: [nodes[0]], option: "radius"), [3])
        XCTAssertEqual(try StyleValue<Double>.constant(2).numbers(for: nodes, option: "radius"), [2, 2])
        XCTAssertThrowsError(try StyleValue<Double>.field("size").numbers(for: nodes, option: "radius")) { error in
            XCTAssertEqual(error as? RenderError, RenderError("radius: node 'b' has no numeric data field 'size'"))
        }
    }

    func testNumericGroupsSortByValue() {
        XCTAssertEqual(Palette.sortedKeys(["10", "2", "b", "1", "a"]), ["1", "2", "10", "a", "b"])
    }
}
