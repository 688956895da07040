import Foundation
import LuaHost

/// Completion and help for a notebook through the REPL's own: Tab completes as `LuaSession.complete` does at the prompt,
/// Shift-Tab (`inspect_request`) answers what `help(name)` answers for the name under the cursor.
struct KernelAssistance {
    let lua: LuaState

    /// The characters that end a word, as the REPL's line editor breaks words.
    private static let wordBreaks = Set(" \t\n\"'><=;|&{}()[]+-*/%^~#,".unicodeScalars)

    /// `complete_request`: the words that may replace the one before the cursor.
    func complete(_ content: [String: Any]) -> [String: Any] {
        let code = Array((content["code"] as? String ?? "").unicodeScalars)
        let cursor = min(max(0, content["cursor_pos"] as? Int ?? code.count), code.count)
        let lineStart = code[..<cursor].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        let line = String(String.UnicodeScalarView(code[lineStart..<cursor]))
        var start = cursor
        while start > lineStart && !KernelAssistance.wordBreaks.contains(code[start - 1]) { start -= 1 }
        let word = String(String.UnicodeScalarView(code[start..<cursor]))
        let matches = LuaSession(lua: lua).complete(line: line, word: word)
        return ["status": "ok", "matches": matches, "cursor_start": start, "cursor_end": cursor, "metadata": [String: Any]()]
    }

    /// `inspect_request`: `help(name)` for the name (a chain of `.` and `:`) around the cursor, or before the
    /// parenthesis or brace the cursor follows, else for the function whose call the cursor is in.
    func inspect(_ content: [String: Any]) -> [String: Any] {
        let code = Array((content["code"] as? String ?? "").unicodeScalars)
        let cursor = min(max(0, content["cursor_pos"] as? Int ?? code.count), code.count)
        let isNamePart = { (c: Unicode.Scalar) in c == "_" || c == "." || c == ":" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        var start = cursor, end = cursor
        // Right after a call's opening (`fl.force.manyBody{`, `sim:run(`): the function called.
        while start > 0 && " ({".unicodeScalars.contains(code[start - 1]) { start -= 1 }
        end = start
        while start > 0 && isNamePart(code[start - 1]) { start -= 1 }
        while end < code.count && isNamePart(code[end]) && code[end] != "." && code[end] != ":" { end += 1 }
        let name = String(String.UnicodeScalarView(code[start..<end])).trimmingCharacters(in: CharacterSet(charactersIn: ".:"))
        // Else, inside a call's parentheses or options table (`fl.force.manyBody{th`): the function called.
        let call = EnclosingCall.name(in: String(String.UnicodeScalarView(code[..<cursor])))
        guard let help = [name, call].compactMap({ $0 }).lazy.compactMap(help(of:)).first else {
            return ["status": "ok", "found": false, "data": [String: Any](), "metadata": [String: Any]()]
        }
        return ["status": "ok", "found": true, "data": ["text/plain": help], "metadata": [String: Any]()]
    }

    /// What `help(name)` answers, or nil when it finds nothing (an error, or a name that is nil).
    private func help(of name: String) -> String? {
        guard !name.isEmpty, let help = try? REPLHelp.answer(to: "help(\(name))", lua), !help.hasPrefix(name + " is nil") else {
            return nil
        }
        return help
    }
}
