import CZlib
import Foundation

/// gzip-compressed graph files (`name.graphml.gz`), through zlib: inflating what is read (charging the work meter as
/// it goes, so a limit or Ctrl-C stops a large file) and deflating what is saved, with a fixed header (no time
/// stamp or name) so the same graph gives the same bytes.
enum Gzip {
    /// The bytes inflated between two charges of the work meter: one unit per this many output bytes.
    private static let bytesPerUnit = 4096

    /// True when bytes begin with gzip's magic number (1f 8b).
    static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// True when a path ends in `.gz`, so a save compresses it.
    static func isCompressedPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".gz") }

    /// The path without a trailing `.gz`, which names the format inside.
    static func innerPath(_ path: String) -> String { isCompressedPath(path) ? String(path.dropLast(3)) : path }

    /// Inflates gzip data (members one after another, as `cat a.gz b.gz` makes), charging `meter` one unit per
    /// 4 KiB written out; a truncated or corrupt stream is an error naming the file.
    static func inflate(_ data: Data, file: String, meter: WorkMeter) throws -> Data {
        guard data.count <= Int(UInt32.max) else { throw GraphFileError(file: file, message: "gzip: the file is larger than 4 GiB") }
        var stream = z_stream()
        // 15 + 32: a zlib or gzip header, detected.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GraphFileError(file: file, message: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        try data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            let base = input.bindMemory(to: Bytef.self).baseAddress
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                try meter.charge(max(1, produced / bytesPerUnit))
                switch status {
                case Z_OK:
                    continue
                case Z_BUF_ERROR where produced > 0:
                    continue
                case Z_STREAM_END:
                    // Another gzip member may follow.
                    guard stream.avail_in > 0 else { return }
                    guard inflateReset(&stream) == Z_OK else { throw failure(file, stream, "cannot start the next member") }
                case Z_BUF_ERROR:
                    throw failure(file, stream, "the compressed data ends early (a truncated file?)")
                default:
                    throw failure(file, stream, "the compressed data is corrupt")
                }
            }
        }
        return output
    }

    /// The error for a failed inflation, with zlib's own message when it gives one.
    private static func failure(_ file: String, _ stream: z_stream, _ what: String) -> GraphFileError {
        let detail = stream.msg.map { " (zlib: \(String(cString: $0)))" } ?? ""
        return GraphFileError(file: file, message: "gzip: \(what)\(detail)")
    }

    /// Deflates bytes into one gzip member with zlib's default level and a header without time stamp or name.
    static func deflate(_ data: Data) throws -> Data {
        guard data.count <= Int(UInt32.max) else { throw GraphError("gzip: cannot compress more than 4 GiB") }
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw GraphError("gzip: zlib could not start deflating") }
        defer { deflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = CZlib.deflate(&stream, Z_FINISH)
                    return buffer.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw GraphError("gzip: zlib could not deflate (status \(status))") }
        return output
    }
}
