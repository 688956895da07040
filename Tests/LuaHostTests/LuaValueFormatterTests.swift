import CLuaShim
import LuaHost
import XCTest

/// The REPL's printing of values: strings inside tables read back as Lua literals.
final class LuaValueFormatterTests: LuaTestCase {
    /// Formats the global `name` as the REPL prints it.
    private func formatted(_ name: String) -> String {
        lua_getglobal(lua.L, name)
        defer { fl_pop(lua.L, 1) }
        return LuaValueFormatter().format(lua.L, -1)
    }

    func testStringsInTablesReadBackTheSameEvenWithAControlCharacterBeforeADigit() throws {
        run(#"t = {"\1" .. "2", "\1x", "\0", 'q"b\\', "tab\tend\n", "\27[0m9"}"#)
        let text = formatted("t")
        XCTAssertEqual(text, #"{"\0012", "\1x", "\0", "q\"b\\", "tab\tend\n", "\27[0m9"}"#)
        lua_pushstring(lua.L, text)
        lua_setglobal(lua.L, "printed")
        run("""
            local back = load("return " .. printed)()
            assert(#back == #t)
            for i = 1, #t do assert(back[i] == t[i], "element " .. i .. " reads back as " .. string.format("%q", back[i])) end
            """)
    }

    func testTheModulesTablesPrintInOneLineThatCountsWhatTheyHoldAndPointsToHelp() throws {
        XCTAssertEqual(formatted("fl"), "table: fl (5 functions, 7 modules, 2 values; help(fl) lists them)")
        XCTAssertEqual(formatted("forcelab"), formatted("fl"))
        run("force, live, data, build = fl.force, fl.live, fl.data, fl.build")
        XCTAssertEqual(formatted("force"), "table: fl.force (10 functions; help(fl.force) lists them)")
        XCTAssertEqual(formatted("live"), "table: fl.live (callable, 1 function; help(fl.live) lists it)")
        // Inside another table a module's table is named; a plain table of the module (fl.build) prints whole.
        run("nested = {fl.svg, n = 1}")
        XCTAssertEqual(formatted("nested"), "{table: fl.svg, n = 1}")
        XCTAssertTrue(formatted("build").hasPrefix("{"), formatted("build"))
        // What a script adds or takes away is counted; a table put in a module's place is the module's table now.
        run("fl.data.extra = 1; fl.data.read = nil")
        XCTAssertEqual(formatted("data"), "table: fl.data (1 function, 1 value; help(fl.data) lists them)")
        run("fl.html = {}")
        XCTAssertEqual(formatted("fl"), "table: fl (5 functions, 7 modules, 2 values; help(fl) lists them)")
        run("mine = fl.html")
        XCTAssertEqual(formatted("mine"), "table: fl.html (empty)")
        // A copy is a plain table.
        run("copy = {}; for k, v in pairs(fl.svg) do copy[k] = v end")
        XCTAssertTrue(formatted("copy").hasPrefix("{") && formatted("copy").contains("graph = function: "), formatted("copy"))
    }
}
