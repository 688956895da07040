import GraphModel

/// JSON Lines tables: one object per line holding every column in order, a missing cell as null.
enum JSONLinesText {
    /// The table as text.
    static func text(_ table: DataTable) -> String {
        table.rows.map { row in
            JSONValue.object(table.columns.map { name in
                switch row[name] {
                case nil: return JSONField(name, .null)
                case .number(let value)?: return JSONField(name, .number(value))
                case .string(let text)?: return JSONField(name, .string(text))
                case .bool(let flag)?: return JSONField(name, .bool(flag))
                }
            }).text + "\n"
        }.joined()
    }

    /// Reads a table, charging `meter` one unit per line; columns come in the order they first appear; errors give
    /// the line and column.
    static func table(_ text: String, meter: WorkMeter) throws -> DataTable {
        var columns: [String] = [], known = Set<String>()
        var rows: [[String: DataCell]] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try meter.charge()
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let value: JSONValue
            do {
                value = try JSONValue.parse(line)
            } catch var error as DataTableError {
                error.line = offset + 1
                throw error
            }
            guard case .object(let fields) = value else { throw DataTableError("a JSON object expected", line: offset + 1) }
            var row: [String: DataCell] = [:]
            for field in fields {
                if known.insert(field.key).inserted { columns.append(field.key) }
                switch field.value {
                case .null: continue
                case .number(let number): row[field.key] = .number(number)
                case .string(let string): row[field.key] = .string(string)
                case .bool(let flag): row[field.key] = .bool(flag)
                case .array, .object:
                    throw DataTableError("key '\(field.key)': a table cell must be a number, a string or a boolean", line: offset + 1)
                }
            }
            rows.append(row)
        }
        return DataTable(rows: rows, columns: columns)
    }
}
