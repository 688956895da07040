import Foundation
import GraphModel

/// Reads and writes data tables as CSV, TSV or JSON Lines files; writes are atomic and read back equal.
public enum DataTableFile {
    /// The table as text in `format`, after checking it can be written faithfully.
    public static func text(_ table: DataTable, format: DataTableFormat) throws -> String {
        try table.validate()
        switch format {
        case .csv: return DelimitedText(separator: UInt8(ascii: ",")).text(table)
        case .tsv: return DelimitedText(separator: 0x09).text(table)
        case .jsonl: return JSONLinesText.text(table)
        }
    }

    /// A table read from text in `format`.
    public static func table(_ text: String, format: DataTableFormat) throws -> DataTable {
        switch format {
        case .csv: return try DelimitedText(separator: UInt8(ascii: ",")).table(text)
        case .tsv: return try DelimitedText(separator: 0x09).table(text)
        case .jsonl: return try JSONLinesText.table(text)
        }
    }

    /// Writes `table` to `path` atomically; errors name the file.
    public static func write(_ table: DataTable, to path: String, format: DataTableFormat) throws {
        let text: String
        do {
            text = try self.text(table, format: format)
        } catch {
            throw DataTableError("cannot write '\(path)': \(error)")
        }
        try AtomicFile.write(text, to: path)
    }

    /// Reads the table in `path`; errors name the file and the line.
    public static func read(_ path: String, format: DataTableFormat) throws -> DataTable {
        try FileAccess.checkRead(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataTableError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard var text = String(data: data, encoding: .utf8) else { throw DataTableError("cannot read '\(path)': not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // the byte order mark spreadsheet programs write
        do {
            return try table(text, format: format)
        } catch {
            throw DataTableError("'\(path)' \(error)")
        }
    }
}
