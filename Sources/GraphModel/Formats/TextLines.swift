import Foundation

/// The lines of a text file for the line-based formats (GML, Pajek, adjacency lists, SNAP, Matrix Market): UTF-8
/// (other bytes are an error at their line, never replaced), split on line feeds (a carriage return before one is
/// dropped), numbered from 1, each charged to the work meter.
enum TextLines {
    /// Calls `body` with each line's 1-based number and text, charging `meter` one unit per line.
    static func forEach(_ data: Data, file: String, meter: WorkMeter, _ body: (Int, Substring) throws -> Void) throws {
        let text = try utf8Text(data, file: file)
        var number = 0
        for slice in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            try meter.charge()
            var line = Substring(slice)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            try body(number, line)
        }
    }

    /// The bytes as UTF-8 text; bytes that are not UTF-8 (a file in Latin-1 or Windows-1250, as old Pajek files
    /// are) are an error naming the first line that holds some, as networkx's readers refuse them.
    static func utf8Text(_ data: Data, file: String) throws -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var number = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if String(validating: line, as: UTF8.self) == nil { break }
        }
        throw GraphFileError(file: file, line: number, message: "the file is not UTF-8 text (convert it, for example with iconv)")
    }

    /// The white-space-separated words of a line (spaces, tabs and other white space).
    static func words(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isWhitespace })
    }
}
