import Foundation

/// The lines of a text file for the line-based formats (GML, Pajek, adjacency lists, SNAP, Matrix Market): split on
/// line feeds (a carriage return before one is dropped), numbered from 1, each charged to the work meter.
enum TextLines {
    /// Calls `body` with each line's 1-based number and text, charging `meter` one unit per line; text that is not
    /// valid UTF-8 is refused at its line of `file` (decoding it would merge distinct ids such as \xff and \xfe).
    static func forEach(_ data: Data, file: String, meter: WorkMeter, _ body: (Int, Substring) throws -> Void) throws {
        guard let text = String(validating: data, as: UTF8.self) else {
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            throw GraphFileError(file: file, line: bad + 1, message: "the text is not valid UTF-8")
        }
        var number = 0
        for slice in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            try meter.charge()
            var line = Substring(slice)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            try body(number, line)
        }
    }

    /// The white-space-separated words of a line (spaces, tabs and other white space).
    static func words(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isWhitespace })
    }
}
