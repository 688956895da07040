import CLuaShim
import LuaHost

/// The REPL's `help`: typed alone (or `help()`) it prints an overview of the REPL and where the reference is;
/// `help(value)` lists the fields and methods of a table or forcelab object, as Tab completion finds them. A global
/// named `help` that the user defined takes precedence.
enum REPLHelp {
    /// The overview `help` prints.
    static let overview = """
        forcelab's REPL runs Lua 5.4; an expression's value prints (so does `=expr`).
          fl            the forcelab module, as in the docs (help(fl) lists its parts)
          help(value)   the fields and methods of a table or forcelab object: help(fl.force), help(g)
          Tab           completes globals, fields after '.' and methods after ':' (g:<Tab>)
          g:show()      draws a graph's layout here; sim:run{show = true} animates it
          Ctrl-C        stops a running chunk or discards the line; Ctrl-D leaves
        The reference is docs/lua-api.md in forcelab's sources; docs/tutorial.md starts from the beginning.
        """

    /// What to print for the typed `chunk` when it asks for help, or nil when it is ordinary Lua.
    static func answer(to chunk: String, _ L: OpaquePointer) -> String? {
        let typed = chunk.trimmingCharacters(in: .whitespaces)
        guard typed.hasPrefix("help"), !userDefinesHelp(L) else { return nil }
        let rest = typed.dropFirst(4).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return overview }
        if ["\"", "'", "[[", "{"].contains(where: { rest.hasPrefix($0) }) {
            // Lua's call without parentheses (help "sim"): help is no function, so Lua would call nil.
            return "help takes a value in parentheses: help(sim), help(fl.force); help alone shows the overview"
        }
        guard rest.hasPrefix("("), rest.hasSuffix(")"), closesOnlyAtEnd(rest) else { return nil }
        let value = rest.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? overview : names(of: value, L)
    }

    /// The fields and methods of the expression `value`, wrapped to 80 columns, or why there are none to list.
    private static func names(of value: String, _ L: OpaquePointer) -> String {
        let names = Set(LuaCompletion.complete(L, line: value + ".", word: "") + LuaCompletion.complete(L, line: value + ":", word: ""))
        guard !names.isEmpty else {
            return "\(value): no fields or methods to list; docs/lua-api.md describes every function"
        }
        var lines = ["\(value) has:"], line = " "
        for name in names.sorted() {
            if line.count + name.count + 1 > 80 {
                lines.append(line)
                line = " "
            }
            line += " " + name
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// Whether the global table itself holds a `help` (read raw, so a strict global table raises nothing).
    private static func userDefinesHelp(_ L: OpaquePointer) -> Bool {
        fl_pushglobaltable(L)
        defer { fl_pop(L, 2) }
        return fl_rawgetfield(L, -1, "help") != LUA_TNIL
    }

    /// Whether the parenthesis opening `text` is closed by its last character and not before (`help(a) .. help(b)`
    /// is a Lua expression, not one call).
    private static func closesOnlyAtEnd(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 && offset < text.count - 1 { return false }
        }
        return depth == 0
    }
}
