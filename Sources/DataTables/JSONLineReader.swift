/// Reads one JSON document from UTF-8 bytes, keeping object keys in order.
struct JSONLineReader {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// A reader of `bytes`, from the start.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value the bytes hold; anything after it but white space is an error.
    mutating func document() throws -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard position == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    private func failure(_ reason: String) -> DataTableError {
        DataTableError(reason, column: position + 1)
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let utf8 = Array(word.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw failure("invalid value")
        }
        position += utf8.count
        return value
    }

    private mutating func value() throws -> JSONValue {
        skipSpace()
        guard position < bytes.count else { throw failure("a value expected, got the end of the line") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return .number(try number())
        }
    }

    /// Reads the items of an object or array up to its closing `close` byte, calling `item` for each one.
    private mutating func items(close: UInt8, _ item: (inout JSONLineReader) throws -> Void) throws {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64 else { throw failure("values nested more than 64 deep") }
        position += 1
        skipSpace()
        if position < bytes.count, bytes[position] == close {
            position += 1
            return
        }
        let closer = String(UnicodeScalar(close))
        while true {
            try item(&self)
            skipSpace()
            guard position < bytes.count else { throw failure("'\(closer)' expected, got the end of the line") }
            let next = bytes[position]
            position += 1
            if next == close { return }
            guard next == UInt8(ascii: ",") else { throw failure("',' or '\(closer)' expected") }
        }
    }

    private mutating func object() throws -> JSONValue {
        var fields: [JSONField] = []
        try items(close: UInt8(ascii: "}")) { reader in
            reader.skipSpace()
            guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: "\"") else {
                throw reader.failure("a key in double quotes expected")
            }
            let key = try reader.string()
            guard !fields.contains(where: { $0.key == key }) else { throw reader.failure("key '\(key)' repeated") }
            reader.skipSpace()
            guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: ":") else {
                throw reader.failure("':' expected after a key")
            }
            reader.position += 1
            fields.append(JSONField(key, try reader.value()))
        }
        return .object(fields)
    }

    private mutating func array() throws -> JSONValue {
        var values: [JSONValue] = []
        try items(close: UInt8(ascii: "]")) { reader in values.append(try reader.value()) }
        return .array(values)
    }

    private mutating func number() throws -> Double {
        let start = position
        while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard !text.isEmpty, text.first != "+", let value = NumberFormat.parse(text) else {
            position = start
            throw failure(text.isEmpty ? "invalid value" : "'\(text)' is not a finite number")
        }
        return value
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard bytes.count - position >= 4,
              let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw failure("\\u needs four hexadecimal digits") }
        position += 4
        return value
    }

    private mutating func string() throws -> String {
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
                if let replacement = simple[escape] {
                    out.append(replacement)
                    continue
                }
                guard escape == UInt8(ascii: "u") else { throw failure("invalid escape in a string") }
                var code = try hexQuad()
                if (0xD800..<0xDC00).contains(code), bytes.count - position >= 6,
                   bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    position += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("a lone surrogate in a string") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            case 0..<0x20:
                throw failure("a control character inside a string")
            default:
                out.append(byte)
            }
        }
        throw failure("a string without its closing quote")
    }
}
