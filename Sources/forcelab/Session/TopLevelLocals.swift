/// Rewrites the top-level `local` declarations of a chunk typed at the REPL or in a notebook cell into assignments to
/// globals, so that `local g = fl.graph()` leaves `g` usable in the next chunk, as a user pasting a script's lines
/// expects. `local x <const> = 1` becomes `x = 1`, `local a, b` becomes `a, b = nil`, `local function f` becomes
/// `function f`; locals inside blocks and functions, and `<close>` variables (closed when the chunk ends), stay local.
enum TopLevelLocals {
    /// `chunk` with its top-level locals made globals; text it cannot scan (an unfinished string) is left as it is.
    static func rewritten(_ chunk: String) -> String {
        let source = Array(chunk.utf8)
        guard let tokens = LuaTokens.scan(source) else { return chunk }
        var edits: [(range: Range<Int>, text: String)] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "function", "do", "if", "repeat": depth += 1
            case "end", "until": depth = max(0, depth - 1)
            case "local" where depth == 0:
                if let declaration = rewrite(tokens, at: index) {
                    edits += declaration
                }
            default: break
            }
            index += 1
        }
        var result = source
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The edits turning the declaration whose `local` is `tokens[start]` into a global assignment, or nil to leave it.
    private static func rewrite(_ tokens: [LuaTokens.Token], at start: Int) -> [(range: Range<Int>, text: String)]? {
        var edits = [(range: tokens[start].range.lowerBound..<tokens[start + 1 < tokens.count ? start + 1 : start].range.lowerBound, text: "")]
        guard start + 1 < tokens.count else { return nil }
        if tokens[start + 1].text == "function" { return edits }
        var index = start + 1
        var lastName = tokens[index]
        while index < tokens.count, tokens[index].isName {
            lastName = tokens[index]
            index += 1
            if index + 2 < tokens.count, tokens[index].text == "<", tokens[index + 2].text == ">" {
                guard tokens[index + 1].text == "const" else { return nil }
                edits.append((range: tokens[index].range.lowerBound..<tokens[index + 2].range.upperBound, text: ""))
                lastName = tokens[index + 2]
                index += 3
            }
            guard index < tokens.count, tokens[index].text == "," else { break }
            index += 1
        }
        if index >= tokens.count || tokens[index].text != "=" {
            edits.append((range: lastName.range.upperBound..<lastName.range.upperBound, text: " = nil"))
        }
        return edits
    }
}

/// Lua's tokens with their byte ranges, comments and white space left out: enough to find keywords and names.
enum LuaTokens {
    /// One token: its text (a string literal's is `"`) and where it lies in the source.
    struct Token {
        let text: String
        let range: Range<Int>
        /// Whether it is a name (not a keyword).
        var isName: Bool {
            guard let first = text.utf8.first, first == UInt8(ascii: "_") || LuaTokens.isLetter(first) else { return false }
            return !keywords.contains(text)
        }
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The tokens of `source`, or nil when a string or comment does not end.
    static func scan(_ source: [UInt8]) -> [Token]? {
        var tokens: [Token] = []
        var i = 0
        let n = source.count
        func at(_ k: Int) -> UInt8 { k < n ? source[k] : 0 }
        while i < n {
            let c = source[i]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                i += 1
            } else if c == UInt8(ascii: "-") && at(i + 1) == UInt8(ascii: "-") {
                if let end = longBracketEnd(source, from: i + 2) {
                    guard end > 0 else { return nil }
                    i = end
                } else {
                    while i < n && source[i] != UInt8(ascii: "\n") { i += 1 }
                }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let start = i
                i += 1
                while i < n && source[i] != c && source[i] != UInt8(ascii: "\n") {
                    i += source[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard i < n, source[i] == c else { return nil }
                i += 1
                tokens.append(Token(text: "\"", range: start..<i))
            } else if c == UInt8(ascii: "["), let end = longBracketEnd(source, from: i) {
                guard end > 0 else { return nil }
                tokens.append(Token(text: "\"", range: i..<end))
                i = end
            } else if c == UInt8(ascii: "_") || isLetter(c) {
                let start = i
                while i < n && (source[i] == UInt8(ascii: "_") || isLetter(source[i]) || isDigit(source[i])) { i += 1 }
                tokens.append(Token(text: String(decoding: source[start..<i], as: UTF8.self), range: start..<i))
            } else if isDigit(c) || (c == UInt8(ascii: ".") && isDigit(at(i + 1))) {
                let start = i
                while i < n && (isDigit(source[i]) || isLetter(source[i]) || source[i] == UInt8(ascii: ".")
                    || ((source[i] == UInt8(ascii: "+") || source[i] == UInt8(ascii: "-"))
                        && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(source[i - 1]))) { i += 1 }
                tokens.append(Token(text: "0", range: start..<i))
            } else {
                tokens.append(Token(text: String(UnicodeScalar(c)), range: i..<(i + 1)))
                i += 1
            }
        }
        return tokens
    }

    /// When a long bracket (`[[`, `[==[`) opens at `start`: the index after its close, or 0 when it never closes;
    /// nil when none opens there.
    private static func longBracketEnd(_ source: [UInt8], from start: Int) -> Int? {
        guard start < source.count, source[start] == UInt8(ascii: "[") else { return nil }
        var level = 0
        var i = start + 1
        while i < source.count && source[i] == UInt8(ascii: "=") {
            level += 1
            i += 1
        }
        guard i < source.count, source[i] == UInt8(ascii: "[") else { return nil }
        let close = [UInt8(ascii: "]")] + [UInt8](repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        var j = i + 1
        while j + close.count <= source.count {
            if source[j] == close[0] && Array(source[j..<(j + close.count)]) == close { return j + close.count }
            j += 1
        }
        return 0
    }

    static func isLetter(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
