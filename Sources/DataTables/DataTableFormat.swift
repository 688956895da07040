/// The file formats of data tables.
public enum DataTableFormat: String, CaseIterable, Sendable {
    /// Comma-separated values with a header row.
    case csv
    /// Tab-separated values with a header row.
    case tsv
    /// JSON Lines: one JSON object per row.
    case jsonl

    /// The format a file name's extension names (`.csv`, `.tsv`, `.jsonl` or `.ndjson`), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson": self = .jsonl
        default: return nil
        }
    }

    /// The format given, else the one of the extension of `path`; an error names the path when neither says.
    public static func choose(_ given: DataTableFormat?, path: String) throws -> DataTableFormat {
        if let given { return given }
        guard let format = DataTableFormat(path: path) else {
            throw DataTableError("cannot tell the table format of '\(path)' from its extension (.csv, .tsv, .jsonl); give format")
        }
        return format
    }
}
