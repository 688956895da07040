import CLuaShim

/// Tab completion for the REPL: globals, table fields after `.`, and methods after `:`.
public enum LuaCompletion {
    /// Completions of `word` (e.g. `forcelab.gr`, `g:add`, `pri`), each the whole word as it would be typed.
    public static func complete(_ L: OpaquePointer, _ word: String) -> [String] {
        let separators: Set<Character> = [".", ":"]
        let splitAt = word.lastIndex { separators.contains($0) }
        let partial = splitAt.map { String(word[word.index(after: $0)...]) } ?? word
        let base = splitAt.map { String(word[..<$0]) } ?? ""
        let methodsOnly = splitAt.map { word[$0] == ":" } ?? false
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }

        fl_pushglobaltable(L)
        if !base.isEmpty {
            for name in base.split(separator: ".", omittingEmptySubsequences: false) {
                guard name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }), !name.isEmpty else { return [] }
                guard pushFieldTable(L, -1) else { return [] }
                LuaValues.push(L, String(name))
                lua_rawget(L, -2)
                fl_remove(L, -2)
            }
        }
        var names: Set<String> = []
        collect(L, into: &names, prefix: partial, methodsOnly: methodsOnly, depth: 0)
        let head = base.isEmpty ? "" : base + (methodsOnly ? ":" : ".")
        return names.sorted().map { head + $0 }
    }

    /// Replaces the value on top with the table its fields live in (itself, or its metatable's methods); false if none.
    private static func pushFieldTable(_ L: OpaquePointer, _ index: Int32) -> Bool {
        if lua_type(L, -1) == LUA_TTABLE { return true }
        guard lua_getmetatable(L, -1) != 0 else { return false }
        fl_remove(L, -2)
        for field in ["methods", "__index"] {
            if fl_rawgetfield(L, -1, field) == LUA_TTABLE {
                fl_remove(L, -2)
                return true
            }
            fl_pop(L, 1)
        }
        return false
    }

    /// Adds the identifier keys of the value on top (following `__index` tables) that start with `prefix`.
    private static func collect(_ L: OpaquePointer, into names: inout Set<String>, prefix: String, methodsOnly: Bool, depth: Int) {
        guard depth < 4, pushFieldTable(L, -1) else { return }
        let table = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if let key = LuaValues.string(L, -2), key.hasPrefix(prefix), !key.hasPrefix("__"),
               key.first.map({ $0 == "_" || $0.isLetter }) == true,
               !methodsOnly || lua_type(L, -1) == LUA_TFUNCTION {
                names.insert(key)
            }
            fl_pop(L, 1)
        }
        if lua_getmetatable(L, table) != 0 {
            if fl_rawgetfield(L, -1, "__index") == LUA_TTABLE {
                collect(L, into: &names, prefix: prefix, methodsOnly: methodsOnly, depth: depth + 1)
            }
        }
    }
}
