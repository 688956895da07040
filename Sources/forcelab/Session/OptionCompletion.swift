import LuaHost

/// Completion of option names inside a function's options table, from the declared options (`LuaOptionTables`):
/// `fl.force.manyBody{th` completes `theta`, `sim:run{max` completes `maxTicks`, `fl.svg.graph(g, path, {wi` completes
/// `width`. A method is found by its name when every declaration of that name takes the same options.
enum OptionCompletion {
    /// The option names that complete `word`, the key being typed in an options table at the end of `line` (the text
    /// before the cursor); nil when the cursor is not at a key of an options table of a known function.
    static func complete(line: String, word: String) -> [String]? {
        let characters = Array(line)
        guard let (bracket, open) = innermostOpen(characters), bracket == "{" else { return nil }
        // The key typed so far follows the brace or a comma of this table, with nothing else between.
        let sinceSeparator = characters[(open + 1)...].split(separator: ",", omittingEmptySubsequences: false).last.map { String($0) } ?? ""
        guard sinceSeparator.trimmingCharacters(in: .whitespaces) == word, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        guard let table = declaration(named: callName(before: characters[..<open])) else { return nil }
        return table.names.filter { $0.hasPrefix(word) }.sorted()
    }

    /// The name of the function whose call the end of `text` is inside (`fl.force.manyBody` for
    /// `fl.force.manyBody{th` or `fl.force.manyBody(`), or nil: what Shift-Tab asks about inside a call.
    static func enclosingCall(_ text: String) -> String? {
        let characters = Array(text)
        guard let (bracket, open) = innermostOpen(characters), bracket != "[" else { return nil }
        let name = bracket == "{" ? callName(before: characters[..<open]) : callName(before: characters[..<(open + 1)])
        return name.isEmpty ? nil : name
    }

    /// The last bracket not yet closed and its position (strings in quotes skipped), or nil.
    private static func innermostOpen(_ characters: [Character]) -> (Character, Int)? {
        var open: [(Character, Int)] = []
        var quote: Character?, escaped = false
        for (index, character) in characters.enumerated() {
            if let current = quote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == current { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "{", "(", "[": open.append((character, index))
            case "}", ")", "]": if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return open.last
    }

    /// The name of the function called by the text before a table's `{`: `name{`, `name({` or `name(a, b, {`.
    private static func callName(before: ArraySlice<Character>) -> String {
        var text = String(before).trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(",") || text.hasSuffix("(") {
            // An options table after other arguments: the call's name is before its parenthesis.
            var depth = 0
            guard let parenthesis = text.indices.reversed().first(where: { index in
                switch text[index] {
                case ")": depth += 1
                case "(" where depth == 0: return true
                case "(": depth -= 1
                default: break
                }
                return false
            }) else { return "" }
            text = String(text[..<parenthesis]).trimmingCharacters(in: .whitespaces)
        }
        return String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }.reversed())
    }

    /// The options declaration of the function `name` names, as typed (`forcelab.` for `fl.`, any variable for a method).
    private static func declaration(named name: String) -> LuaOptionTable? {
        let typed = name.hasPrefix("forcelab.") ? "fl." + name.dropFirst("forcelab.".count) : name
        if let exact = LuaOptionTables.all.first(where: { $0.function == typed }) { return exact }
        guard let colon = typed.lastIndex(of: ":") else { return nil }
        let method = typed[colon...]
        let candidates = LuaOptionTables.all.filter { $0.function.hasSuffix(method) }
        guard let first = candidates.first, candidates.allSatisfy({ $0.names == first.names }) else { return nil }
        return first
    }
}
