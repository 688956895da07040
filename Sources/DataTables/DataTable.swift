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
    /// What went wrong, naming the file, row and column where known.
    public let description: String

    /// Makes an error with its message.
    public init(_ description: String) {
        self.description = description
    }
}
