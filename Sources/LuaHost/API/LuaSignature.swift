import Foundation

/// A Lua function's parameters and results as the declarations write them, in the notation of Lua's language server
/// (`(path: string, options?: table): Graph`): `?` marks an optional parameter, `...` the rest, `|` alternatives.
public struct LuaSignature: Sendable, Equatable {
    /// One parameter: its name, the kinds it takes (`string`, `number|table`, a forcelab type such as `Graph`) and
    /// whether it may be left out.
    public struct Parameter: Sendable, Equatable {
        /// The name as the docs write it (`...` for the rest).
        public let name: String
        /// The kinds it takes, alternatives joined by `|`.
        public let kind: String
        /// Whether it may be left out (or nil).
        public let optional: Bool
    }

    /// The parameters in order (a method's receiver is not one).
    public let parameters: [Parameter]
    /// The kinds of the results in order (none: the function returns nothing).
    public let results: [String]

    /// Reads `text`, such as `(n?: integer): Simulation` or `(x: number, y: number, radius?: number): Node?`;
    /// text that is not one is a programming error, found when the API is first read (as every test does).
    public init(_ text: String) {
        guard text.hasPrefix("("), let close = text.lastIndex(of: ")") else {
            preconditionFailure("signature '\(text)' does not start with its parameters in parentheses")
        }
        let inside = text[text.index(after: text.startIndex)..<close]
        parameters = Self.split(inside).map { part in
            guard let colon = part.firstIndex(of: ":") else { preconditionFailure("signature '\(text)': parameter '\(part)' has no kind") }
            var name = part[..<colon].trimmingCharacters(in: .whitespaces)
            let optional = name.hasSuffix("?")
            if optional { name.removeLast() }
            return Parameter(name: name, kind: part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces), optional: optional)
        }
        let rest = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
        if rest.isEmpty {
            results = []
        } else {
            guard rest.hasPrefix(":") else { preconditionFailure("signature '\(text)': results must follow a ':'") }
            results = Self.split(rest.dropFirst())
        }
    }

    /// The comma-separated parts of `text` (none when it is blank), trimmed; commas inside parentheses or braces
    /// (a function kind such as `fun(sim: Simulation, tick: integer)`) do not split.
    private static func split(_ text: Substring) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            if "({".contains(character) { depth += 1 }
            if ")}".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        let trimmed = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        return trimmed == [""] ? [] : trimmed
    }

    /// The signature as declared: `(name: kind, other?: kind): result`.
    public var text: String {
        let list = parameters.map { "\($0.name)\($0.optional ? "?" : ""): \($0.kind)" }.joined(separator: ", ")
        return "(\(list))" + (results.isEmpty ? "" : ": " + results.joined(separator: ", "))
    }
}
