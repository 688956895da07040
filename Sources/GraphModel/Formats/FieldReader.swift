/// Splits bytes into rows of fields, with RFC 4180 quotes, tracking line numbers.
struct FieldReader {
    /// The input.
    let bytes: UnsafeRawBufferPointer
    /// The field separator.
    let separator: UInt8
    /// The read position.
    private var offset = 0
    /// The current 1-based line.
    private var line = 1

    /// A reader at the start of the input.
    init(bytes: UnsafeRawBufferPointer, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
    }

    /// The next row, which of its fields were quoted (so `""` is an empty field, not a missing one) and the line
    /// it starts on, or nil at the end.
    mutating func nextRow(file: String) throws -> (fields: [String], quoted: [Bool], line: Int)? {
        guard offset < bytes.count else { return nil }
        let startLine = line
        var fields: [String] = []
        var quoted: [Bool] = []
        var isQuoted = false
        var field: [UInt8] = []
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == quote && field.isEmpty {
                isQuoted = true
                let quoteLine = line
                var closed = false
                while offset < bytes.count {
                    let inner = bytes[offset]
                    offset += 1
                    if inner == newline { line += 1 }
                    if inner == quote {
                        if offset < bytes.count, bytes[offset] == quote {
                            field.append(quote)
                            offset += 1
                        } else {
                            closed = true
                            break
                        }
                    } else {
                        field.append(inner)
                    }
                }
                if !closed { throw GraphFileError(file: file, line: quoteLine, message: "unterminated quoted field") }
            } else if byte == separator {
                fields.append(try text(of: field, file: file))
                quoted.append(isQuoted)
                isQuoted = false
                field.removeAll(keepingCapacity: true)
            } else if byte == newline {
                line += 1
                break
            } else if byte != carriage {
                field.append(byte)
            }
        }
        fields.append(try text(of: field, file: file))
        quoted.append(isQuoted)
        return (fields, quoted, startLine)
    }

    /// A field's bytes as text; bytes that are not UTF-8 are refused at the current line (decoding them would turn
    /// distinct ids such as \xff and \xfe into one U+FFFD).
    private func text(of field: [UInt8], file: String) throws -> String {
        guard let text = String(validating: field, as: UTF8.self) else {
            throw GraphFileError(file: file, line: line, message: "a field is not valid UTF-8")
        }
        return text
    }
}
