import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file in chunks that answer to the limits: each chunk is charged to the caller's meter (one unit
/// per kilobyte) and checked with `MemoryRequest` before it is kept, so an endless source (`/dev/zero`, a FIFO that
/// never ends) or a file larger than the room left stops with an error, not with a signal.
public enum FileContents {
    /// Bytes read between two checks.
    static let chunkBytes = 1 << 20

    /// The bytes of `path`; nil with `errno` set when it cannot be opened or read.
    public static func read(_ path: String, meter: WorkMeter) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            try MemoryRequest.check(Int(status.st_size), for: "the file '\(PathText.short(path))'")
        }
        var data = Data()
        var checked = 0  // the size up to which growing was checked (a grown buffer may take twice what it holds)
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunkBytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return data }
            try meter.charge(count / 1024 + 1)
            if data.count + count > checked {
                checked = 2 * (data.count + count)
                try MemoryRequest.check(checked, for: "the file '\(PathText.short(path))'")
            }
            data.append(contentsOf: chunk[..<count])
        }
    }
}
