import Foundation
import CLuaShim
import LuaHost

/// What the REPL and the notebook kernel share: how a typed chunk (a line, a cell) is compiled and run in one Lua
/// state, so both treat it alike. An expression is returned (`1 + 1` shows 2); top-level `local`s become globals that
/// later chunks see (`TopLevelLocals`); a chunk of several statements whose last line(s) form an expression returns
/// that expression's values, as a notebook shows its last line (also after a `;` on that line: `x = 1; x`).
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
                if loadReturning(prefix, "\n", suffix, name: name) { return }
            }
        }
        if (try? lua.loadString(code, name: name)) != nil { return }
        // A last line of statements then an expression (`local g = fl.graph.new(); g`) returns it, as IPython shows
        // `a = 1; a`: split at a `;` of that line, from the right. Tried only when the chunk does not compile as
        // written, so a `;` in a comment or a string never splits it.
        let last = lines.last ?? ""
        let before = lines.dropLast().map { $0 + "\n" }.joined()
        for semicolon in last.indices.reversed() where last[semicolon] == ";" {
            let after = last.index(after: semicolon)
            if loadReturning(before + last[..<after], " ", String(last[after...]), name: name) { return }
        }
        try lua.loadString(code, name: name)
    }

    /// Leaves on the stack `prefix` then `return suffix` (joined by `separator`) compiled as one chunk, when both
    /// that and `prefix` alone compile and `suffix` is not blank; false, with the stack as it was, otherwise.
    private func loadReturning(_ prefix: String, _ separator: String, _ suffix: String, name: String) -> Bool {
        guard !suffix.trimmingCharacters(in: .whitespaces).isEmpty,
            (try? lua.loadString(prefix + separator + "return " + suffix + ";", name: name)) != nil
        else { return false }
        let prefixCompiles = (try? lua.loadString(prefix, name: name)) != nil
        fl_pop(lua.L, 1)  // the prefix's function when it compiled, else the whole chunk's
        return prefixCompiles
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
