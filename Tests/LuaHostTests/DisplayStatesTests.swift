import LuaHost
import XCTest

/// A notebook's display belongs to its state: a state with a sink shows pictures there, another state in the same
/// process has none and needs a path, as a script does.
final class DisplayStatesTests: XCTestCase {
    func testOnlyTheStateWithASinkShowsThere() throws {
        let notebook = try LuaState(), script = try LuaState()
        let shown = Shown()
        notebook.displaySink = { type, text, _, _ in shown.add(type, text) }
        let picture = "local g = forcelab.graph.new(); g:addNode{id = 'a', x = 0, y = 0}; forcelab.svg.graph(g)"
        XCTAssertNil(notebook.failure("forcelab.display('<b>hello</b>'); " + picture))
        XCTAssertTrue(script.failure("forcelab.display('<b>hello</b>')")?.contains("fl.display shows a value in a notebook") == true)
        let refusal = try XCTUnwrap(script.failure(picture), "a script's picture needs a path")
        XCTAssertTrue(refusal.contains("bad argument #2 to 'fl.svg.graph' (the path of the .svg file to write expected, got no value"), refusal)
        XCTAssertEqual(shown.types, ["text/html", "image/svg+xml"], "the notebook's sink is told of its own state's displays only")
    }
}

/// The MIME types a sink was given.
private final class Shown: @unchecked Sendable {
    private(set) var types: [String] = []
    func add(_ type: String, _ text: String) { types.append(type) }
}
