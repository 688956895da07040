import CLuaShim
import LuaHost
import XCTest

/// The REPL's Tab completion, asked directly: what it offers, and that finding it changes nothing.
final class LuaCompletionTests: LuaTestCase {
    private func complete(_ line: String, word: String? = nil) -> [String] {
        let top = lua_gettop(lua.L)
        defer { XCTAssertEqual(lua_gettop(lua.L), top, "the stack is left as it was") }
        let breaks = Set(" \t\n\"'><=;|&{}()[]+-*/%^~#,")
        return LuaCompletion.complete(lua.L, line: line, word: word ?? String(line.split(whereSeparator: { breaks.contains($0) }).last ?? ""))
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        run("""
            g = fl.graph.generate("miserables"); sim = fl.simulation(g)
            sim:force("charge", fl.force.manyBody{}); sim:force("link", fl.force.link{})
            calls = 0
            function bump() calls = calls + 1; return g end
            lazy = setmetatable({}, {__index = function(_, key) calls = calls + 1; return g end})
            s = "text"
            """)
    }

    func testNamesFieldsAndMethods() {
        XCTAssertEqual(complete("forcelab.vers"), ["forcelab.version"])
        XCTAssertEqual(complete("s:upp"), ["s:upper"])
        XCTAssertEqual(complete("x = g:nodeC"), ["g:nodeCount"])
        XCTAssertEqual(complete("print(\"a\" .. g:nodeC", word: "g:nodeC"), ["g:nodeCount"], "after a concatenation")
        XCTAssertTrue(complete("bum").contains("bump"))
        XCTAssertEqual(complete("x = 3", word: "3"), [], "no global follows a number")
        XCTAssertEqual(complete("3.", word: ""), [], "a number has no fields")
        XCTAssertEqual(complete("'text' ", word: ""), [], "nor follows a string")
        XCTAssertEqual(complete("x = 3 bum", word: "bum"), ["bump"], "a name begun after a constant starts a statement")
    }

    func testOptionNamesInsideACallsOptionsTable() {
        // The declared options of the function the table goes to, found by what it is (LuaAPI).
        XCTAssertEqual(complete("sim:run{max"), ["maxTicks"])
        XCTAssertEqual(complete("sim:run({maxTicks = 5, o"), ["onTick"])
        XCTAssertEqual(complete("s2 = fl.simulation(g, {alpha"), ["alpha", "alphaDecay", "alphaMin", "alphaTarget"])
        XCTAssertEqual(complete("F = forcelab.force.manyBody{th"), ["theta"])
        XCTAssertEqual(complete("fl.graph.generate(\"grid\", {r"), ["rows"], "the kind's own options")
        XCTAssertEqual(complete("fl.svg.graph(g, \"x.svg\", {simulation = sim, arr"), ["arrowScale", "arrows"])
        XCTAssertTrue(complete("t = {bum").contains("bump"), "a table that goes to no call: names as before")
        XCTAssertTrue(complete("print{bum").contains("bump"), "a function without declared options: names as before")
        XCTAssertEqual(complete("sim:run{show = bum", word: "bum"), ["bump"], "a value, not a key")
        XCTAssertEqual(complete("sim:force(\"pull\", {arrays = true, in"), ["initialize"], "a table force's fields")
        run("assert(calls == 0)")
    }

    func testAfterCallsAndIndexing() {
        XCTAssertEqual(complete("sim:force(\"link\"):", word: ":"), [":distance", ":edges", ":ends", ":id", ":iterations", ":strength"], "the link force's own options")
        XCTAssertEqual(complete("sim:force('charge'):th", word: ":th"), [":theta"])
        XCTAssertEqual(complete("sim:force('charge').", word: "."), [".distanceMax", ".distanceMin", ".strength", ".theta"],
                       "the many-body force's own accessors, not every kind's")
        XCTAssertEqual(complete("g:node(\"Valjean\").f", word: ".f"), [".fx", ".fy", ".fz"])
        XCTAssertEqual(complete("g:node(\"Valjean\").gr", word: ".gr"), [".group"], "a data field")
        // The fields Node declares, whether or not they hold a value yet: no simulation or layout has placed these.
        run("loose = fl.graph.new(); loose:addNode{id = 'a', data = {row = 1}}; loose:addNode{id = 'b'}; loose:addEdge{source = 'a', target = 'b', data = {weight = 2}}")
        XCTAssertEqual(complete("loose:nodes()[1].", word: "."), [
            ".data", ".degree", ".deletable", ".dragging", ".fx", ".fy", ".fz", ".handles", ".height", ".hidden", ".id", ".index",
            ".label", ".parent", ".parentId", ".row", ".selected", ".type", ".vx", ".vy", ".vz", ".width", ".x", ".y", ".z",
        ])
        run("assert(loose:node('a').x == nil)")
        XCTAssertEqual(complete("loose:edges()[1].s", word: ".s"), [".selected", ".source", ".sourceHandle"])
        XCTAssertEqual(complete("loose:edges()[1].w", word: ".w"), [".weight"], "an edge's data field")
        XCTAssertEqual(complete("g:nodes()[1].gr", word: ".gr"), [".group"])
        XCTAssertEqual(complete("sim:graph():edgeC", word: ":edgeC"), [":edgeCount"])
        XCTAssertEqual(complete("g:node('Valjean'):snap", word: ":snap"), [":snapshot"])
        // Another object's methods are values after `.` too, as `help(g.addNode)` reads them; its fields beside them.
        XCTAssertEqual(complete("g.addN", word: "g.addN"), ["g.addNode"])
        XCTAssertEqual(complete("g.dir", word: "g.dir"), ["g.directed"])
    }

    func testAnythingWithSideEffectsCompletesNothing() {
        XCTAssertEqual(complete("bump():nodeC", word: ":nodeC"), [], "a plain function call")
        XCTAssertEqual(complete("lazy.anything:nodeC", word: "lazy.anything:nodeC"), [], "an __index function")
        XCTAssertEqual(complete("g:addNode{id = 'new'}:nodeC", word: ":nodeC"), [], "a method that changes the graph")
        XCTAssertEqual(complete("sim:force('charge'):strength(-5):", word: ":"), [], "an accessor given a value sets it")
        XCTAssertEqual(complete("sim:force(name):", word: ":"), [], "arguments other than constants")
        XCTAssertEqual(complete("g:node(\"Valj", word: "Valj"), [], "inside a string")
        run("""
            assert(calls == 0, "no function was called")
            assert(g:nodeCount() == 77 and g:node("new") == nil)
            assert(sim:force("charge"):strength() == -30)
            """)
    }
}
