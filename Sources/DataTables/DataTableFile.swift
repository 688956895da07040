import Foundation
import GraphModel

/// Reads and writes data tables as CSV, TSV or JSON Lines files; writes are atomic and read back equal.
public enum DataTableFile {
    /// How a caller asks for a file to be read or written: the format (nil: from the path's extension) and, when
    /// writing, the columns in order (nil: every name in the rows, sorted).
    public struct Settings: Sendable {
        /// The file's format; nil: from the path's extension.
        public var format: DataTableFormat?
        /// The columns written, in order; nil: every name in the rows, sorted.
        public var columns: [String]?

        /// The defaults.
        public init() {}

        /// No setting is a number.
        public static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? { nil }
    }

    /// The table as text in `format`, after checking it can be written faithfully.
    public static func text(_ table: DataTable, format: DataTableFormat) throws -> String {
        try table.validate()
        switch format {
        case .csv: return DelimitedText(separator: UInt8(ascii: ",")).text(table)
        case .tsv: return DelimitedText(separator: 0x09).text(table)
        case .jsonl: return JSONLinesText.text(table)
        }
    }

    /// A table read from text in `format`, charging `meter` one unit per line.
    public static func table(_ text: String, format: DataTableFormat, meter: WorkMeter = WorkMeter()) throws -> DataTable {
        switch format {
        case .csv: return try DelimitedText(separator: UInt8(ascii: ",")).table(text, meter: meter)
        case .tsv: return try DelimitedText(separator: 0x09).table(text, meter: meter)
        case .jsonl: return try JSONLinesText.table(text, meter: meter)
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

    /// Reads the table in `path`; errors name the file and the line. `check` is called with the units of work done
    /// (one per line read), every few thousand, and may throw to stop (a time or work limit).
    public static func read(_ path: String, format: DataTableFormat, check: @escaping (Int) throws -> Void = { _ in }) throws -> DataTable {
        let meter = WorkMeter(check)
        try FileAccess.checkRead(path)
        guard let data = try FileContents.read(path, meter: meter) else {
            throw DataTableError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard var text = String(data: data, encoding: .utf8) else { throw DataTableError("cannot read '\(path)': not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // the byte order mark spreadsheet programs write
        do {
            let table = try table(text, format: format, meter: meter)
            try meter.flush()
            return table
        } catch var error as DataTableError where !meter.hasStopped {
            error.file = path
            throw error
        }
    }
}
