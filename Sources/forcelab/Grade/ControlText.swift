/// Text a submission or a student's file name chose, made safe to show among the grader's own lines: every control
/// character (C0 but the tab, DEL, C1, so no escape sequence, carriage return or backspace) is written as `\xNN`,
/// `\r` or `\n`, so that nothing it holds can move the cursor, clear the screen or start a line of its own.
enum ControlText {
    /// `text` with its control characters escaped.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F:
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                // Line separators and bidirectional overrides, which can reorder or break what a terminal shows.
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A cell of a spreadsheet-bound CSV file that cannot start a formula: one starting with `=`, `+`, `-`, `@`, a tab
    /// or a carriage return gets a leading `'`, as the CSV-injection guidance says.
    static func spreadsheetSafe(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }
}

private extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
