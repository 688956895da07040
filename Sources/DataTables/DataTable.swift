import GraphModel

/// A table of figures: named columns in a fixed order and rows whose cells are numbers, strings or booleans.
public struct DataTable: Equatable, Sendable {
    /// The column names, in the order they are written.
    public var columns: [String]
    /// The rows; a column missing from a row is an empty cell.
    public var rows: [[String: DataCell]]

    /// Makes a table; `columns` nil takes every column named in `rows`, sorted by name.
    public init(rows: [[String: DataCell]], columns: [String]? = nil) {
        self.rows = rows
        self.columns = columns ?? Array(Set(rows.flatMap(\.keys))).sorted()
    }

    /// Checks that every cell belongs to a column, that names are unique and that numbers are finite.
    public func validate() throws {
        var seen = Set<String>()
        for name in columns where !seen.insert(name).inserted {
            throw DataTableError("column '\(name)' is named twice")
        }
        for (offset, row) in rows.enumerated() {
            for (name, cell) in row {
                guard seen.contains(name) else {
                    throw DataTableError("row \(offset + 1) has a column '\(name)' that is not among the columns (\(columns.joined(separator: ", ")))")
                }
                if case .number(let value) = cell, !value.isFinite {
                    throw DataTableError("row \(offset + 1), column '\(name)': \(value.isNaN ? "nan" : "\(value)") is not a finite number")
                }
            }
        }
    }
}

/// A table that cannot be read or written, with the place and the reason.
public struct DataTableError: Error, CustomStringConvertible {
    /// The file, once the reader knows it.
    public var file: String?
    /// The 1-based line, when the text has lines and the place is known.
    public var line: Int?
    /// The 1-based column (in bytes), when known.
    public var column: Int?
    /// What went wrong.
    public let message: String

    /// An error with its message, at an optional place.
    public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: message` as graph files give their place (what is unknown left out); in text that is no
    /// file, `line 2, column 8: message`.
    public var description: String {
        if let file { return "\(PathText.place(file, line: line, column: column)): \(message)" }
        let place = [line.map { "line \($0)" }, column.map { "column \($0)" }].compactMap { $0 }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
