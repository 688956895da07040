import CLuaShim
import LuaHost

/// The REPL's `help`: typed alone (or `help()`) it prints an overview of the REPL and where the reference is;
/// `help(value)` evaluates `value` as the REPL would and lists the fields and methods of the table or forcelab object
/// it gives, as Tab completion lists them after `value.` and `value:`, or a function's declared signature, doc line and
/// options (`help(sim:run)` too, which is no Lua, and `help(mySim.run)`, the same function reached another way). A global
/// named `help` that the user defined takes precedence.
enum REPLHelp {
    /// The overview `help` prints.
    static let overview = """
        forcelab's REPL runs Lua 5.4; an expression's value prints (so does `=expr`).
          fl            the forcelab module, as in the docs (help(fl) lists its parts)
          help(value)   the fields and methods of a value: help(g), help(fl.force);
                        or a function's options: help(fl.force.manyBody), help(sim:run)
          Tab           completes globals, fields after '.' and methods after ':' (g:<Tab>)
          g:show()      draws a graph's layout here; sim:run{show = true} animates it
          Ctrl-C        stops a running chunk or discards the line; Ctrl-D leaves
        The reference is docs/lua-api.md, in forcelab's sources or (installed from the package) under
        /usr/share/doc/forcelab; docs/tutorial.md starts from the beginning.
        """

    /// What to print for the typed `chunk` when it asks for help, or nil when it is ordinary Lua; an error evaluating
    /// the value asked about is thrown.
    static func answer(to chunk: String, _ lua: LuaState) throws -> String? {
        let L = lua.L
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
        return value.isEmpty ? overview : try names(of: value, lua)
    }

    /// The fields and methods of the value of the expression `value`, wrapped to 80 columns, or the options of the
    /// function it names, or why there are none.
    private static func names(of value: String, _ lua: LuaState) throws -> String {
        let L = lua.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        do {
            try lua.loadString("return " + value, name: "=stdin")
            fl_clear_interrupt(L)
            try lua.call(results: 1)
        } catch {
            // help(sim:run), a method as the docs write it, is no Lua.
            if let described = function(value) { return described }
            throw error
        }
        let names = LuaCompletion.members(L, at: -1)
        guard !names.isEmpty else {
            if let described = function(value) { return described }
            // The same function reached another way (s.run for a simulation s): named as the docs name it.
            let paths = LuaAPI.documentedFunctions.map(\.name)
            if let name = LuaCompletion.documentedName(ofFunctionAt: -1, among: paths, L), let described = function(name) {
                return described
            }
            let what = lua_type(L, -1) == LUA_TNIL ? "is nil" : "has no fields or methods to list"
            return "\(value) \(what); docs/lua-api.md describes every function"
        }
        // A table that is also a function (fl.live, which holds fl.live.stop): the function's help, then its fields.
        let described = luaL_getmetafield(L, -1, "__call") != LUA_TNIL ? function(value) : nil
        var lines = (described.map { [$0, ""] } ?? []) + ["\(value) has:"], line = " "
        for name in names.sorted() {
            if line.count + name.count + 1 > 80 {
                lines.append(line)
                line = " "
            }
            line += " " + name
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// What the function `value` names as the docs write it (`fl.force.manyBody`, `sim:run` or `sim.run`,
    /// `forcelab.` for `fl.`) is: its signature and doc line as declared, then its declared options one line each, or
    /// the options' names of each kind it takes (`fl.graph.generate`); the options alone of one kind
    /// (`fl.graph.generate("tree")`); nil when it names no declared function.
    private static func function(_ value: String) -> String? {
        let typed = value.replacingOccurrences(of: "'", with: "\"")
        let name = typed.hasPrefix("forcelab.") ? "fl." + typed.dropFirst("forcelab.".count) : typed
        let method = name.replacingOccurrences(of: ".", with: ":")
        guard let (name, declaration) = LuaAPI.documentedFunctions.first(where: { $0.name == name || $0.name == method }) else {
            return LuaOptionTables.all.first { $0.function == name }.map(options)
        }
        let heading = String(wrapped("\(name)\(declaration.signature.text): \(declaration.doc)", indent: 4).joined(separator: "\n")
            .dropFirst(2))
        let tables = declaration.options.compactMap { name in LuaOptionTables.all.first { $0.function == name } }
        if let table = tables.first(where: { $0.function == name }) { return heading + "\n" + options(table) }
        let kinds = tables.filter { $0.function.hasPrefix(name + "(\"") }
        guard !kinds.isEmpty else {
            // The tables it takes that are no options table of its own: `sim:force table`, `g:restore node`.
            return ([heading] + tables.filter { $0.function.hasPrefix(name + " ") }.map(options)).joined(separator: "\n")
        }
        let lines = kinds.map { "  \($0.function): " + ($0.names.isEmpty ? "no options" : $0.names.joined(separator: ", ")) }
        return ([heading, "\(name) takes a kind and its options (help(\(kinds[0].function)) for one's details):"] + lines).joined(separator: "\n")
    }

    /// The declared options of `table` (a record's fields), one line each.
    private static func options(_ table: LuaOptionTable) -> String {
        guard !table.options.isEmpty else { return "\(table.function) takes no options" }
        let width = table.options.map(\.name.count).max() ?? 0
        let lines = table.options.flatMap { option -> [String] in
            let padded = option.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let fallback = ["", "required"].contains(option.defaultText) ? option.defaultText : "default \(option.defaultText)"
            let text = "\(padded)  \(option.accepts)\(fallback.isEmpty ? "" : ", " + fallback): \(option.doc)"
            return wrapped(text.replacingOccurrences(of: "`", with: ""), indent: width + 4)
        }
        let heading = table.isRecord ? "\(table.function) has these fields" : "\(table.function) takes these options"
        return ([heading + " (docs/lua-api.md has the details):"] + lines).joined(separator: "\n")
    }

    /// `text` broken at spaces into lines of at most 80 columns, the first indented by 2, the others by `indent`.
    private static func wrapped(_ text: String, indent: Int) -> [String] {
        var lines: [String] = [], line = "  "
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if line.count + word.count + 1 > 80 && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += (line.allSatisfy { $0 == " " } ? "" : " ") + word
            }
        }
        return lines + [line]
    }

    /// Whether the global table itself holds a `help` (read raw, so a strict global table raises nothing).
    private static func userDefinesHelp(_ L: OpaquePointer) -> Bool {
        fl_pushglobaltable(L)
        defer { fl_pop(L, 2) }
        return fl_rawgetfield(L, -1, "help") != LUA_TNIL
    }

    /// Whether the parenthesis opening `text` is closed by its last character and not before (`help(a) .. help(b)`
    /// is a Lua expression, not one call); parentheses in quoted strings do not count (`help(g:node(")"))`).
    private static func closesOnlyAtEnd(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?, escaped = false
        for (offset, character) in text.enumerated() {
            if let open = quote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" { quote = character }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 && offset < text.count - 1 { return false }
        }
        return depth == 0
    }
}
