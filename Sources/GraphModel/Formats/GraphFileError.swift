/// A graph file that cannot be read or written: the file, the line and column when known, and what was wrong.
public struct GraphFileError: Error, Equatable, CustomStringConvertible {
    /// The file path, or a name such as "<string>" for in-memory input.
    public let file: String
    /// The 1-based line, when the format has lines and the place is known.
    public let line: Int?
    /// The 1-based column, when known.
    public let column: Int?
    /// What was wrong.
    public let message: String

    /// An error at an optional line and column.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, leaving out what is unknown (a long file path shortened).
    public var description: String {
        "\(PathText.place(file, line: line, column: column)): \(message)"
    }
}
