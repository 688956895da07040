/// The function whose call the text before the cursor is inside, for Shift-Tab's help in the kernel: `fl.force.manyBody`
/// for `fl.force.manyBody{th` or `fl.force.manyBody(`. (Option names complete through `LuaCompletion`.)
enum EnclosingCall {
    /// The name of the function whose call the end of `text` is inside (`fl.force.manyBody` for
    /// `fl.force.manyBody{th` or `fl.force.manyBody(`), or nil: what Shift-Tab asks about inside a call.
    static func name(in text: String) -> String? {
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
}
