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
}
