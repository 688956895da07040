import Foundation

/// Reads lines from a file descriptor (a pipe), buffering what arrives after a line break.
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65536)

    /// Reads from `descriptor`, which stays open.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// What followed the last line break when the input ended (a last line without one), or nil.
    var remainder: String? {
        buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self)
    }

    /// The next line without its line break; nil at the end of input.
    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
