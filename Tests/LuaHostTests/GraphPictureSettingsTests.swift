import LiveServer
import LuaHost
import Render
import XCTest

/// `fl.live`'s and `fl.svg.graph`'s options are typed settings of the modules that own them (`LiveSettings`,
/// `GraphSVGOptions`, `PictureViewport`, `LayoutExplanationRequest`), read through the one reader: a misspelt key is
/// refused with the nearest name and an out-of-range value with its range, each naming the function and the field.
final class GraphPictureSettingsTests: LuaTestCase {
    let setup = """
        local g = fl.graph.generate('tree', {n = 7})
        local sim = fl.simulation(g)
        sim:force('charge', fl.force.manyBody{})
        sim:tick(3)

        """

    /// The first line of the error `code` raises (the traceback follows it), without the chunk's place.
    private func message(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let first = String(error(setup + code, file: file, line: line).split(separator: "\n").first ?? "")
        return first.replacingOccurrences(of: #"^.*?:\d+: "#, with: "", options: .regularExpression)
    }

    /// Checks that each script of `refusals`, after the setup, fails with its message.
    private func assertRefused(_ refusals: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (code, expected) in refusals {
            XCTAssertEqual(message(code, file: file, line: line), expected, code, file: file, line: line)
        }
    }

    /// Each option of `names` as `table` declares it: what it accepts and its default.
    private func declared(_ table: LuaOptionTable, _ names: [String]) -> [String] {
        names.map { name in table.option(name).map { "\(name): \($0.accepts); \($0.defaultText)" } ?? "\(name): undeclared" }
    }

    func testLiveOptionsAreTheServersSettingsDeclaredOnce() {
        let defaults = LiveSettings()
        XCTAssertEqual(declared(LiveOptions.table, ["port", "host", "fps", "wait"]), [
            "port: integer from 0 to 65535; `\(defaults.port)`", "host: string; `\"\(defaults.host)\"`",
            "fps: number from 1 to 240; `\(Int(defaults.framesPerSecond))`", "wait: boolean; `\(defaults.waits)`",
        ])
        // The styles are fl.svg.graph's own declarations, taken whole.
        let styles = GraphPictureOptions.elementStyleNames
        XCTAssertEqual(declared(LiveOptions.table, styles), declared(GraphPictureOptions.table, styles))
    }

    func testLiveRefusesAMisspeltOrOutOfRangeOptionBeforeItServes() {
        // A style is checked as the first scene is made, the server stopped when it fails (radius); each names
        // argument 2 and the script's line, as a plain function's errors do (fl.live is a callable table).
        assertRefused([
            ("fl.live(sim, {prot = 8080})", "fl.live: unknown option 'prot' (did you mean 'port'?)"),
            ("fl.live(sim, {radious = 3})", "fl.live: unknown option 'radious' (did you mean 'radius'?)"),
            ("fl.live(sim, {port = 70000})", "bad argument #2 to 'fl.live' (field 'port': an integer from 0 to 65535 expected, got 70000)"),
            ("fl.live(sim, {fps = 0})", "bad argument #2 to 'fl.live' (field 'fps': a number from 1 to 240 expected, got 0)"),
            ("fl.live(sim, {wait = 1})", "bad argument #2 to 'fl.live' (field 'wait': boolean expected, got number)"),
            ("fl.live(sim, {radius = {}})", "bad argument #2 to 'fl.live' (field 'radius': number, data field name or function expected, got table)"),
        ])
        XCTAssertTrue(error(setup + "fl.live(sim, {prot = 8080})").hasPrefix("test:5: fl.live: unknown option 'prot'"))
        XCTAssertTrue(error(setup + "fl.live.stop(sim, 1, 2)\nfl.live(sim, {port = -1})").hasPrefix("test:6: bad argument #2 to 'fl.live'"))
        // Every option is checked before the server starts: a refused call leaves no session behind.
        run(setup + "assert(not pcall(fl.live, sim, {wait = 'yes'})); assert(fl.live.stop(sim) == false)")
        // The callable table's metamethod called on its own, with no arguments at all, is refused like any call
        // that lacks its simulation (the trampoline has no table to drop).
        XCTAssertTrue(message("getmetatable(fl.live).__call()").hasPrefix("bad argument #1 to 'fl.live'"),
                      message("getmetatable(fl.live).__call()"))
    }

    /// A live session holds the options it draws with: once Lua no longer reaches its simulation (collected), its
    /// next scene is styled by them still, its style function called for every node.
    func testALiveSessionKeepsItsStylesWhenLuaNoLongerReachesItsSimulation() {
        run("""
            g = fl.graph.generate('grid', {rows = 2, columns = 2})
            styled = 0
            fl.live(fl.simulation(g), {port = 0, fill = function() styled = styled + 1; return '#123456' end})
            assert(styled == 4, styled)
            collectgarbage(); collectgarbage()
            g:addNode{id = 'late'}
            """)
        XCTAssertNil(LiveTurns.turn(lua.L))
        run("assert(styled == 9, 'the new scene styles its five nodes: ' .. styled)")
    }

    func testGraphPictureRefusesMisspeltOrOutOfRangeStylesViewportsAndCells() {
        let draw = "fl.svg.graph(g, tmp .. '/g.svg', "
        assertRefused([
            ("{edgeWidht = 2})", "fl.svg.graph: unknown option 'edgeWidht' (did you mean 'edgeWidth'?)"),
            ("{radius = true})", "bad argument #3 to 'fl.svg.graph' (field 'radius': number, data field name or function expected, got boolean)"),
            ("{fill = function(node) return nil end})", "bad argument #3 to 'fl.svg.graph' (field 'fill': the function returned nil for node '0')"),
            ("{labels = 'sometimes'})", "bad argument #3 to 'fl.svg.graph' (field 'labels': unknown value 'sometimes' (true, false, auto, always, never))"),
            ("{viewport = {zoon = 2}})", "fl.svg.graph viewport: unknown option 'zoon' (did you mean 'zoom'?)"),
            ("{viewport = {zoom = 0}})", "bad argument #3 to 'fl.svg.graph' (field 'zoom': a number from 1e-9 to 1e9 expected, got 0)"),
            ("{viewport = 'fill'})", "bad argument #3 to 'fl.svg.graph' (field 'viewport': \"fit\" or {zoom =, x =, y =} expected, got string)"),
            ("{simulaton = sim, arrows = 'force'})", "fl.svg.graph: unknown option 'simulaton' (did you mean 'simulation'?)"),
            ("{simulation = 'sim', arrows = 'force'})", "bad argument #3 to 'fl.svg.graph' (field 'simulation': Simulation expected, got string)"),
            ("{simulation = g})", "bad argument #3 to 'fl.svg.graph' (field 'simulation': Simulation expected, got forcelab.Graph)"),
            ("{arrows = 'force'})", "bad argument #3 to 'fl.svg.graph' (field 'arrows' needs field 'simulation' (the simulation of the graph drawn))"),
            ("{simulation = fl.simulation(fl.graph.new()), arrows = 'force'})", "bad argument #3 to 'fl.svg.graph' (field 'simulation': it lays out another graph than the one drawn)"),
            ("{simulation = sim, cells = {nod = '1'}})", "fl.svg.graph cells: unknown option 'nod' (did you mean 'node'?)"),
            ("{simulation = sim, cells = {theta = 0.5}})", "bad argument #3 to 'fl.svg.graph' (field 'node' is required)"),
            ("{simulation = sim, cells = {node = '1', theta = -1}})", "bad argument #3 to 'fl.svg.graph' (field 'theta': a number from 0 to 1000000 expected, got -1)"),
            ("{simulation = sim, arrows = {'force', 'speed'}})", "bad argument #3 to 'fl.svg.graph' (field 'arrows[2]': \"velocity\", \"force\" expected, got 'speed')"),
        ].map { (draw + $0.0, $0.1) })
    }

    func testTheGraphPicturesCompoundOptionsAreDeclaredFromTheirStructs() {
        let defaults = GraphSVGOptions()
        XCTAssertEqual(declared(GraphPictureOptions.table, ["viewport", "labels", "radius", "group", "cells"]), [
            "viewport: `\"fit\"` or `{zoom =, x =, y =}`; `\"fit\"`",
            "labels: `true` (`\"always\"`), `false` (`\"never\"`) or `\"auto\"`; `\"\(defaults.labels.rawValue)\"`",
            "radius: number, `function(node, i)` or numeric node data field name; `5`", "group: string; `\"\(defaults.group)\"`",
            "cells: `{node =, theta =, force =}`; ",
        ])
        XCTAssertEqual(declared(ViewportOptions.table, ["zoom"]), ["zoom: number from 1e-9 to 1e9; `\(Int(PictureViewport().zoom))`"])
    }

    func testAViewportRecordAndLabelsGivenAsBooleansDrawAsAsked() throws {
        run("""
            local g = fl.graph.new(); g:addNode{id = 'a', label = 'Alpha', x = 0, y = 0}; g:addNode{id = 'b', label = 'Beta', x = 10, y = 0}
            fl.svg.graph(g, tmp .. '/on.svg', {viewport = {zoom = 2, x = 100, y = 50}, labels = true})
            fl.svg.graph(g, tmp .. '/off.svg', {viewport = {zoom = 2, x = 100}, labels = false})
            """)
        let on = try String(contentsOfFile: folder + "/on.svg", encoding: .utf8)
        let off = try String(contentsOfFile: folder + "/off.svg", encoding: .utf8)
        // A pixel is world × zoom + (x, y): node b at world x 10 is drawn at 120; y falls back to the saved viewport's 0.
        XCTAssertTrue(on.contains("<circle cx=\"120\" cy=\"50\""), on)
        XCTAssertTrue(off.contains("<circle cx=\"120\" cy=\"0\""), off)
        XCTAssertTrue(on.contains(">Alpha</text>"), on)
        XCTAssertFalse(off.contains(">Alpha</text>"), off)
    }
}
