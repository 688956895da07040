import LuaHost
import XCTest

/// An argument or option error names the function as the docs do, by one rule taken from the API's declarations:
/// a module function by its path (`fl.svg.graph`, never to be taken for `fl.graph`), a method with its receiver's
/// name (`g:addNode`), each at the script's line.
final class ArgumentErrorNamesTests: LuaTestCase {
    /// The first line of the error `code` raises (its traceback follows).
    private func firstLine(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        String(error(code, file: file, line: line).split(separator: "\n").first ?? "")
    }

    func testAModuleFunctionIsNamedByItsPath() {
        XCTAssertEqual(firstLine("local x = 1\nfl.svg.graph(1)"), "test:2: bad argument #1 to 'fl.svg.graph' (Graph expected, got number)")
        XCTAssertEqual(firstLine("fl.graph.new(1)"), "test:1: bad argument #1 to 'fl.graph.new' (table expected, got number)")
        XCTAssertEqual(firstLine("fl.layout.stress({})"), "test:1: bad argument #1 to 'fl.layout.stress' (Graph expected, got table)")
        // A function that is also a table of functions (`fl.live`, `fl.live.stop`): its `__call` keeps the name.
        XCTAssertEqual(firstLine("fl.live(1)"), "test:1: bad argument #1 to 'fl.live' (Simulation expected, got number)")
        XCTAssertEqual(firstLine("fl.live.stop(1)"), "test:1: bad argument #1 to 'fl.live.stop' (Simulation expected, got number)")
        XCTAssertEqual(firstLine("fl.force.manyBody('x')"), "test:1: bad argument #1 to 'fl.force.manyBody' (it takes an options table)")
        XCTAssertEqual(firstLine("fl.force.center(1, 2, 3, 4)"),
                       "test:1: bad argument #4 to 'fl.force.center' (it takes at most 3 positional arguments (x, y, z))")
    }

    func testAMethodIsNamedWithItsReceiver() {
        let graph = "local g = fl.graph.new()\n"
        XCTAssertEqual(firstLine(graph + "g:addNode(1)"), "test:2: bad argument #1 to 'g:addNode' (table expected, got number)")
        // Called with a dot, self is argument 1 (as Lua counts it); kept in a local, the function keeps its name.
        XCTAssertEqual(firstLine(graph + "g.addNode(1)"), "test:2: bad argument #1 to 'g:addNode' (Graph expected, got number)")
        XCTAssertEqual(firstLine(graph + "local add = g.addNode\nadd(g, 5)"), "test:3: bad argument #2 to 'g:addNode' (table expected, got number)")
        XCTAssertEqual(firstLine(graph + "fl.simulation(g):alpha('hot')"), "test:2: bad argument #1 to 'sim:alpha' (number expected, got string)")
        XCTAssertEqual(firstLine("fl.force.manyBody{}:theta('x')"), "test:1: bad argument #1 to 'f:theta' (option 'theta': number expected, got string)")
        XCTAssertEqual(firstLine(graph + "fl.simulation(g):record():series(1)"), "test:2: bad argument #1 to 'rec:series' (no series '1' (alpha, energy))")
    }

    func testAnOptionErrorNamesTheFunctionAndTheField() {
        let sim = "local sim = fl.simulation(fl.graph.generate('tree', {n = 3}))\n"
        XCTAssertEqual(firstLine(sim + "sim:run{maxTicks = -1}"), "test:2: bad argument #1 to 'sim:run' (field 'maxTicks': an integer ≥ 0 expected, got -1)")
        XCTAssertEqual(firstLine(sim + "fl.svg.graph(sim:graph(), tmp .. '/g.svg', {width = 0})"),
                       "test:2: bad argument #3 to 'fl.svg.graph' (field 'width': a number from 1 to 1000000 expected, got 0)")
    }

    func testEveryModuleFunctionNamesItselfAsTheDocsDo() {
        // Each module function given a table where it takes something else: every argument error names it by its path.
        var named = 0
        for function in LuaAPI.functions {
            let name = LuaAPI.documentedName(ofFunction: function.name)
            let message = firstLine("local ok, err = pcall(\(name), {}, {}); error(ok and 'no error' or err, 0)")
            guard message.contains("bad argument") else { continue }
            XCTAssertTrue(message.contains(" to '\(name)' "), message)
            named += 1
        }
        XCTAssertGreaterThan(named, LuaAPI.functions.count / 2)
    }
}
