import CLuaShim
import LuaHost
import XCTest

/// A declaration with one option of each kind the reader reads, for `probe`.
private let probeOptions = LuaOptionTable("t.probe", [
    .number("width", default: 10, in: 1...100, "a bounded number"),
    .number("alpha", default: 0.5, "a finite number"),
    .integer("count", default: 3, in: 1...9, "a bounded integer"),
    .boolean("legend", default: true, "a boolean"),
    .string("title", "a string without default"),
    .choice("grid", ["polygon", "circle"], default: "polygon", "a choice"),
    LuaOption("axes", .table("{...}"), default: .required, "a required table"),
])

/// `probe(options)`: reads every option and returns them in declaration order (a table option as its length).
private let probe: LuaFunction = { L in
    LuaBinding.run(L, undeclared: "probe") { arguments in
        let options = try OptionsReader(arguments, 1, probeOptions)
        lua_pushnumber(arguments.L, try options.number("width"))
        lua_pushnumber(arguments.L, try options.number("alpha"))
        lua_pushinteger(arguments.L, lua_Integer(try options.integer("count")))
        lua_pushboolean(arguments.L, try options.boolean("legend") ? 1 : 0)
        if let title = try options.optionalString("title") { LuaValues.push(arguments.L, title) } else { lua_pushnil(arguments.L) }
        LuaValues.push(arguments.L, try options.string("grid"))
        guard try options.pushTable("axes") else { return 6 }
        let length = lua_rawlen(arguments.L, -1)
        fl_pop(arguments.L, 1)
        lua_pushinteger(arguments.L, lua_Integer(length))
        return 7
    }
}

/// The options reader: undeclared keys refused with a suggestion, kinds and ranges checked, defaults given.
final class OptionsReaderTests: LuaTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        LuaBinding.push(lua.L, probe)
        lua_setglobal(lua.L, "probe")
    }

    func testAbsentOptionsGiveTheDeclaredDefaults() {
        run("""
            local width, alpha, count, legend, title, grid, axes = probe{axes = {1, 2}}
            assert(width == 10 and alpha == 0.5 and count == 3 and legend == true and title == nil and grid == "polygon")
            assert(axes == 2)
            width, alpha, count, legend, title, grid = probe{axes = {}, width = 100, alpha = -7, count = 9, legend = false, title = "5", grid = "circle"}
            assert(width == 100 and alpha == -7 and count == 9 and legend == false and title == "5" and grid == "circle")
            """)
    }

    func testAnUndeclaredKeyIsRefusedWithTheNearestName() {
        XCTAssertEqual(firstLine("probe{widht = 3}"), "test:1: t.probe: unknown option 'widht' (did you mean 'width'?)")
        XCTAssertEqual(firstLine("probe{Legend = true}"), "test:1: t.probe: unknown option 'Legend' (did you mean 'legend'?)")
        XCTAssertEqual(firstLine("probe{colour = 'red'}"),
                       "test:1: t.probe: unknown option 'colour' (options: width, alpha, count, legend, title, grid, axes)")
        XCTAssertTrue(error("probe{axes = {}, 5}").contains("t.probe: unknown option '[1]'"))
    }

    /// The first line of the error `code` raises (the traceback follows it).
    private func firstLine(_ code: String) -> String {
        String(error(code).split(separator: "\n").first ?? "")
    }

    func testKindsAndRangesAreChecked() {
        assertRefusals([
            ("probe{axes = {}, width = 0}", "bad argument #1 to 'probe' (field 'width': a number from 1 to 100 expected, got 0)"),
            ("probe{axes = {}, alpha = 1/0}", "(field 'alpha': a finite number expected, got inf)"),
            ("probe{axes = {}, count = 10}", "(field 'count': an integer from 1 to 9 expected, got 10)"),
            ("probe{axes = {}, count = 2.5}", "(field 'count': number has no integer representation)"),
            ("probe{axes = {}, count = 0/0}", "(field 'count': an integer from 1 to 9 expected, got nan)"),
            ("probe{axes = {}, count = -math.huge}", "(field 'count': an integer from 1 to 9 expected, got -inf)"),
            ("probe{axes = {}, legend = 1}", "(field 'legend': boolean expected, got number)"),
            ("probe{axes = {}, title = 5}", "(field 'title': string expected, got number)"),
            ("probe{axes = {}, grid = 1}", "(field 'grid': string expected, got number)"),
            ("probe{axes = {}, grid = 'hexagon'}", "(field 'grid': unknown value 'hexagon' (polygon, circle))"),
            ("probe{axes = {}, grid = 'Circle'}", "(field 'grid': unknown value 'Circle' (did you mean 'circle'? polygon, circle))"),
            ("probe{axes = 3}", "(field 'axes': table expected, got number)"),
            ("probe{}", "(field 'axes' is required)"),
        ])
    }

    func testNearestNamesAndTheDocsTable() {
        let table = LuaOptionTable("sim:run", [.integer("maxTicks", described: "no limit", in: 0...Int.max, "stop after this many ticks")])
        XCTAssertEqual(table.nearest(to: "maxTick"), "maxTicks")
        XCTAssertEqual(table.nearest(to: "mxaTicks"), "maxTicks")
        XCTAssertNil(table.nearest(to: "onTick"))
        XCTAssertEqual(table.unknownOptionMessage("maxTick"), "sim:run: unknown option 'maxTick' (did you mean 'maxTicks'?)")
        XCTAssertEqual(table.markdown, """
            | option | accepts | default | meaning |
            | --- | --- | --- | --- |
            | `maxTicks` | integer ≥ 0 | no limit | stop after this many ticks |

            """)
        XCTAssertEqual(LuaOptionTable("f", []).unknownOptionMessage("n"), "f: takes no options, got 'n'")
    }
}
