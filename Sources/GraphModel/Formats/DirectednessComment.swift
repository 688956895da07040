/// The header comment that says a graph's directedness in the formats without a place for it (adjacency lists, SNAP
/// edge lists): `# Directed graph ...` or `# Undirected graph ...`, as SNAP writes it. forcelab writes one; a file
/// without one is read as its format's home tool reads it.
enum DirectednessComment {
    /// True for `Directed graph...`, false for `Undirected graph...` (any case, after the `#`), else nil.
    static func directedness(ofComment comment: Substring) -> Bool? {
        let text = comment.drop(while: { $0 == "#" || $0 == " " || $0 == "\t" }).lowercased()
        if text.hasPrefix("directed graph") { return true }
        if text.hasPrefix("undirected graph") { return false }
        return nil
    }

    /// The comment line (with its line feed) for a graph's directedness.
    static func line(directed: Bool) -> String {
        directed ? "# Directed graph\n" : "# Undirected graph\n"
    }

    /// Throws when a node id cannot be a word of an adjacency list's line: empty, holding white space or `#` (which
    /// starts a comment anywhere), or starting with `{` (a multiline adjacency list's data).
    static func checkWordIds(_ graph: Graph, format: String) throws {
        try graph.forEachNode { node in
            let id = node.id
            if id.isEmpty || id.hasPrefix("{") || id.contains(where: { $0.isWhitespace || $0 == "#" }) {
                throw GraphError("\(format) cannot hold node \(String(reflecting: id))'s id (empty, white space, '#' or a leading '{')")
            }
        }
    }
}
