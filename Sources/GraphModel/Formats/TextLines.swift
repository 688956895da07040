import Foundation

/// The lines of a text file for the line-based formats (GML, Pajek, adjacency lists, SNAP, Matrix Market): split on
/// line feeds (a carriage return before one is dropped), numbered from 1, each charged to the work meter.
enum TextLines {
    /// Calls `body` with each line's 1-based number and text, charging `meter` one unit per line.
    static func forEach(_ data: Data, meter: WorkMeter, _ body: (Int, Substring) throws -> Void) throws {
        let text = String(decoding: data, as: UTF8.self)
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
