import Foundation
import CLuaShim
import LuaHost

/// What the REPL and the notebook kernel share: how a typed chunk (a line, a cell) is compiled and run in one Lua
/// state, so both treat it alike. An expression is returned (`1 + 1` shows 2); top-level `local`s become globals that
/// later chunks see (`TopLevelLocals`); a chunk of several statements whose last line(s) form an expression returns
/// that expression's values, as a notebook shows its last line.
struct LuaSession {
    let lua: LuaState

    /// Compiles `chunk` (named `name` in messages: `stdin`, `In [3]`) and leaves the function on the stack; throws
    /// the compiler's error (ending in `<eof>` when the chunk is unfinished).
    func load(_ chunk: String, name: String) throws {
        if (try? lua.loadString("return " + chunk + ";", name: name)) != nil { return }
        let code = TopLevelLocals.rewritten(chunk)
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1 {
            for split in stride(from: lines.count - 1, through: 1, by: -1) {
                let prefix = lines[..<split].joined(separator: "\n"), suffix = lines[split...].joined(separator: "\n")
                guard !suffix.trimmingCharacters(in: .whitespaces).isEmpty,
                    (try? lua.loadString(prefix + "\nreturn " + suffix + ";", name: name)) != nil
                else { continue }
                if (try? lua.loadString(prefix, name: name)) != nil {
                    fl_pop(lua.L, 1)
                    return
                }
                fl_pop(lua.L, 1)
            }
        }
        try lua.loadString(code, name: name)
    }

    /// The words that may replace `word`, the last word of `line` (the text before the cursor): globals, fields,
    /// methods and option names inside an options table (`LuaCompletion`, from the API's declarations).
    func complete(line: String, word: String) -> [String] {
        LuaCompletion.complete(lua.L, line: line, word: word)
    }

    /// Runs the function `load` left on the stack (Ctrl-C and the limits apply) and returns how many values it
    /// returned, left on the stack above `base` (the top before the function).
    func run() throws -> Int32 {
        let base = lua_gettop(lua.L) - 1
        fl_clear_interrupt(lua.L)
        try lua.call()
        return lua_gettop(lua.L) - base
    }
}
