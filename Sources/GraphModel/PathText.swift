/// Paths as messages show them.
public enum PathText {
    /// The longest path a message quotes whole, in characters.
    static let longest = 120

    /// The path, or for a long one its start and end around an ellipsis, so a message stays readable.
    public static func short(_ path: String) -> String {
        guard path.count > longest else { return path }
        return path.prefix(longest / 2 - 10) + "…" + path.suffix(longest / 2 - 10)
    }

    /// Where in a file something is, as compilers and graph loaders say it: `file:line:column` (the path shortened),
    /// leaving out what is unknown (a column only after a line).
    public static func place(_ file: String, line: Int?, column: Int?) -> String {
        var place = short(file)
        if let line { place += ":\(line)" }
        if line != nil, let column { place += ":\(column)" }
        return place
    }
}
