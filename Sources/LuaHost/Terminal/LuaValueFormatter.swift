import CLuaShim

/// Formats Lua values for the REPL: nested tables with sorted keys, cycles marked, depth and length limited; the
/// module's own tables (`fl`, `fl.force`) in one line that counts what they hold and points to `help`.
public struct LuaValueFormatter {
    /// How deep nested tables are shown before `{...}`.
    public var maxDepth = 4
    /// How many entries of one table are shown before `... (N more)`.
    public var maxItems = 40
    /// Lines longer than this are broken, one entry per line.
    public var lineWidth = 80

    /// Creates a formatter with the default limits.
    public init() {}

    /// The value at `index`; top-level strings print raw, as the stock REPL prints them.
    public func format(_ L: OpaquePointer, _ index: Int32) -> String {
        let index = lua_absindex(L, index)
        if lua_type(L, index) == LUA_TSTRING { return LuaValues.string(L, index) ?? "" }
        var seen: Set<UnsafeRawPointer> = []
        return value(L, index, depth: 0, indent: "", seen: &seen)
    }

    private func value(_ L: OpaquePointer, _ index: Int32, depth: Int, indent: String, seen: inout Set<UnsafeRawPointer>) -> String {
        switch lua_type(L, index) {
        case LUA_TSTRING: return quoted(LuaValues.string(L, index) ?? "")
        case LUA_TTABLE where ForcelabModule.tableName(L, at: index) != nil:
            let name = ForcelabModule.tableName(L, at: index) ?? ""
            return depth == 0 ? summary(of: name, L, index) : "table: \(name)"
        case LUA_TTABLE where !hasToString(L, index): return table(L, index, depth: depth, indent: indent, seen: &seen)
        default: return LuaValues.describe(L, index)
        }
    }

    /// One line for the module's table `name` at `index`: how many functions, tables of the module and other values
    /// it holds, and where they are listed (`table: fl.force (10 functions; help(fl.force) lists them)`).
    private func summary(of name: String, _ L: OpaquePointer, _ index: Int32) -> String {
        var functions = 0, modules = 0, values = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION {
                functions += 1
            } else if ForcelabModule.tableName(L, at: -1) != nil {
                modules += 1
            } else {
                values += 1
            }
            fl_pop(L, 1)
        }
        let callable = luaL_getmetafield(L, index, "__call") != LUA_TNIL
        if callable { fl_pop(L, 1) }
        let counts = [(functions, "function"), (modules, "module"), (values, "value")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        let held = (callable ? ["callable"] : []) + counts
        guard functions + modules + values > 0 else { return "table: \(name) (empty)" }
        let them = functions + modules + values == 1 ? "it" : "them"
        return "table: \(name) (\(held.joined(separator: ", ")); help(\(name)) lists \(them))"
    }

    private func hasToString(_ L: OpaquePointer, _ index: Int32) -> Bool {
        guard lua_getmetatable(L, index) != 0 else { return false }
        defer { fl_pop(L, 2) }
        return fl_rawgetfield(L, -1, "__tostring") != LUA_TNIL
    }

    private func table(_ L: OpaquePointer, _ index: Int32, depth: Int, indent: String, seen: inout Set<UnsafeRawPointer>) -> String {
        guard let identity = lua_topointer(L, index) else { return "{}" }
        if seen.contains(identity) { return "<cycle>" }
        if depth >= maxDepth { return "{...}" }
        seen.insert(identity)
        defer { seen.remove(identity) }

        let length = lua_Integer(lua_rawlen(L, index))
        var arrayItems: [(position: lua_Integer, text: String)] = []
        var keyed: [(key: String, text: String)] = []
        var total = 0
        let inner = indent + "  "
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            total += 1
            let position = lua_isinteger(L, -2) != 0 ? fl_tointeger(L, -2) : 0
            let isArrayKey = position >= 1 && position <= length
            if arrayItems.count + keyed.count < maxItems || isArrayKey && position <= lua_Integer(maxItems) {
                let text = value(L, lua_gettop(L), depth: depth + 1, indent: inner, seen: &seen)
                if isArrayKey {
                    arrayItems.append((position: position, text: text))
                } else {
                    keyed.append((key: key(L, -2), text: text))
                }
            }
            fl_pop(L, 1)
        }
        if total == 0 { return "{}" }
        var parts = arrayItems.sorted { $0.position < $1.position }.prefix(maxItems).map(\.text)
        parts += keyed.sorted { $0.key < $1.key }.prefix(max(0, maxItems - parts.count)).map { "\($0.key) = \($0.text)" }
        if total > parts.count { parts.append("... (\(total - parts.count) more)") }
        let oneLine = "{" + parts.joined(separator: ", ") + "}"
        if oneLine.count + indent.count <= lineWidth && !oneLine.contains("\n") { return oneLine }
        return "{\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "}"
    }

    private func key(_ L: OpaquePointer, _ index: Int32) -> String {
        if let text = LuaValues.string(L, index) {
            let isName = text.first.map { $0 == "_" || $0.isLetter } == true && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
            return isName && !LuaValueFormatter.keywords.contains(text) ? text : "[\(quoted(text))]"
        }
        return "[\(LuaValues.describe(L, index))]"
    }

    /// `text` as a Lua string literal that reads back the same: other control characters as decimal escapes,
    /// three digits wide before a digit (as `string.format("%q")` writes them), so "\1" then "2" is not "\12".
    private func quoted(_ text: String) -> String {
        var result = "\""
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value)
                let width = next.map { ("0"..."9").contains($0) } == true ? 3 : digits.count
                result += "\\" + String(repeating: "0", count: width - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
}
