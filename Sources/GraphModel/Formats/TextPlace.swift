import Foundation

/// Places in a file's bytes, for error messages.
enum TextPlace {
    /// The 1-based line and column (in bytes) of a byte offset.
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, data.count)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, end - lineStart + 1)
    }
}
