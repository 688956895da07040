import Foundation

/// An XML document's bytes made UTF-8 before the parser sees them. A document in UTF-16 or UTF-32 (told by its
/// byte-order mark, or by `<` in the layouts XML's appendix F lists) is decoded strictly here: libxml2's push parser,
/// behind FoundationXML, crashes on some invalid UTF-16 (an unpaired surrogate), so invalid text is refused with its
/// line and column instead; the declaration's `encoding` is then rewritten to say UTF-8.
enum XMLEncoding {
    /// The wide encodings told apart by the first bytes.
    private enum Wide {
        case utf16(bigEndian: Bool, skip: Int)
        case utf32(bigEndian: Bool, skip: Int)
    }

    /// The document as UTF-8: `data` itself when it is not in a wide encoding; throws for `file` when the wide text is
    /// not valid.
    static func utf8(_ data: Data, file: String) throws -> Data {
        guard let wide = wide(data) else { return data }
        let bytes = [UInt8](data)
        var text = String.UnicodeScalarView()
        var line = 1
        var column = 1
        func failure(_ what: String) -> GraphFileError {
            GraphFileError(file: file, line: line, column: column, message: what)
        }
        func take(_ scalar: Unicode.Scalar) {
            text.append(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        switch wide {
        case .utf16(let bigEndian, let skip):
            guard (bytes.count - skip) % 2 == 0 else { throw failure("UTF-16 text ends inside a character") }
            let units = stride(from: skip, to: bytes.count, by: 2).lazy.map { i -> UInt16 in
                let first = UInt16(bytes[i]), second = UInt16(bytes[i + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): take(scalar)
                case .emptyInput: return rewritten(String(text))
                case .error: throw failure("not valid UTF-16 (an unpaired surrogate)")
                }
            }
        case .utf32(let bigEndian, let skip):
            guard (bytes.count - skip) % 4 == 0 else { throw failure("UTF-32 text ends inside a character") }
            for i in stride(from: skip, to: bytes.count, by: 4) {
                let value = (0..<4).reduce(UInt32(0)) { sum, k in
                    sum << 8 | UInt32(bytes[bigEndian ? i + k : i + 3 - k])
                }
                guard let scalar = Unicode.Scalar(value) else { throw failure("not valid UTF-32") }
                take(scalar)
            }
            return rewritten(String(text))
        }
    }

    /// The wide encoding the first bytes show, and how many of them are a byte-order mark.
    private static func wide(_ data: Data) -> Wide? {
        let head = [UInt8](data.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return .utf32(bigEndian: true, skip: 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return .utf32(bigEndian: false, skip: 4) }
        if starts([0xFE, 0xFF]) { return .utf16(bigEndian: true, skip: 2) }
        if starts([0xFF, 0xFE]) { return .utf16(bigEndian: false, skip: 2) }
        if starts([0x00, 0x00, 0x00, 0x3C]) { return .utf32(bigEndian: true, skip: 0) }
        if starts([0x3C, 0x00, 0x00, 0x00]) { return .utf32(bigEndian: false, skip: 0) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return .utf16(bigEndian: true, skip: 0) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return .utf16(bigEndian: false, skip: 0) }
        return nil
    }

    /// The text as UTF-8 bytes, its XML declaration's `encoding` (if any) made "UTF-8".
    private static func rewritten(_ text: String) -> Data {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>"),
            let name = text.range(of: "encoding", range: text.startIndex..<end.lowerBound)
        else { return Data(text.utf8) }
        let rest = text[name.upperBound..<end.lowerBound]
        guard let open = rest.firstIndex(where: { $0 == "\"" || $0 == "'" }),
            let close = rest[rest.index(after: open)...].firstIndex(of: rest[open])
        else { return Data(text.utf8) }
        return Data((text[..<rest.index(after: open)] + "UTF-8" + text[close...]).utf8)
    }
}
