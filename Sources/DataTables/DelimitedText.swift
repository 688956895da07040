import GraphModel

/// CSV and TSV text: a header row of column names, then one row per line; fields holding the separator, a quote,
/// a line break, or text that would read back as a number, a boolean or an empty cell are put in double quotes.
struct DelimitedText {
    /// The field separator: a comma or a tab.
    let separator: UInt8

    /// The table as text.
    func text(_ table: DataTable) -> String {
        guard !table.columns.isEmpty else { return "" }
        var out = table.columns.map { field($0, header: true) }.joined(separator: String(UnicodeScalar(separator))) + "\n"
        for row in table.rows {
            out += table.columns.map { name -> String in
                switch row[name] {
                case nil: return ""
                case .number(let value)?: return NumberFormat.text(value)
                case .bool(let flag)?: return flag ? "true" : "false"
                case .string(let text)?: return field(text, header: false)
                }
            }.joined(separator: String(UnicodeScalar(separator)))
            out += "\n"
        }
        return out
    }

    /// A string field, quoted when it must be.
    private func field(_ text: String, header: Bool) -> String {
        let special = text.utf8.contains { $0 == separator || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        let misread = !header && (text.isEmpty || text == "true" || text == "false" || NumberFormat.parse(text) != nil)
        guard special || misread || (header && text.isEmpty) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One field as read: its text and whether it was quoted.
    private struct Field {
        var bytes: [UInt8] = []
        var quoted = false
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Reads a table, charging `meter` one unit per line; errors give the line.
    func table(_ text: String, meter: WorkMeter) throws -> DataTable {
        let records = try self.records(Array(text.utf8), meter: meter)
        guard let header = records.first else { return DataTable(rows: [], columns: []) }
        let columns = header.fields.map(\.text)
        var seen = Set<String>()
        for name in columns where !seen.insert(name).inserted {
            throw DataTableError("column '\(name)' is named twice", line: 1)
        }
        let rows = try records.dropFirst().map { record -> [String: DataCell] in
            guard record.fields.count == columns.count else {
                throw DataTableError("\(record.fields.count) fields, but the header names \(columns.count) columns", line: record.line)
            }
            var row: [String: DataCell] = [:]
            for (name, field) in zip(columns, record.fields) {
                if field.quoted {
                    row[name] = .string(field.text)
                    continue
                }
                let text = field.text
                switch text {
                case "": continue
                case "true": row[name] = .bool(true)
                case "false": row[name] = .bool(false)
                default: row[name] = NumberFormat.parse(text).map(DataCell.number) ?? .string(text)
                }
            }
            return row
        }
        return DataTable(rows: rows, columns: columns)
    }

    /// Splits bytes into records of fields (quotes may hold separators and line breaks), with each record's first line.
    private func records(_ bytes: [UInt8], meter: WorkMeter) throws -> [(line: Int, fields: [Field])] {
        var records: [(line: Int, fields: [Field])] = []
        var fields: [Field] = [], field = Field()
        var line = 1, recordLine = 1, position = 0
        var inQuotes = false, afterQuote = false
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].bytes.isEmpty && !fields[0].quoted) { records.append((recordLine, fields)) }
            fields = []
            field = Field()
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                        field.bytes.append(byte)
                        position += 1
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.bytes.append(byte)
                }
                continue
            }
            switch byte {
            case separator:
                fields.append(field)
                field = Field()
                afterQuote = false
            case 0x0A, 0x0D:
                try meter.charge()
                if byte == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            case UInt8(ascii: "\"") where field.bytes.isEmpty && !field.quoted:
                inQuotes = true
                field.quoted = true
            default:
                guard !afterQuote, byte != UInt8(ascii: "\"") else {
                    throw DataTableError("a quote inside a field must be doubled and the field quoted", line: line)
                }
                field.bytes.append(byte)
            }
        }
        guard !inQuotes else { throw DataTableError("a quoted field is not closed", line: recordLine) }
        if !fields.isEmpty || !field.bytes.isEmpty || field.quoted { endRecord() }
        return records
    }
}
