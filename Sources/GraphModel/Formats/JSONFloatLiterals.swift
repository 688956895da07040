import Foundation

/// Keeps JSON's whole-valued floating-point literals (`2.0`, `1e2`) floating-point: Foundation's JSONDecoder reads
/// them exactly as it reads the integers `2` and `100`, so before decoding they are written as marked strings, which
/// the readers turn back into floating-point numbers (and every other whole number into an integer).
enum JSONFloatLiterals {
    /// The start of a string standing for a marked literal: a NUL character, which a document holding no escaped
    /// NUL cannot otherwise have in a string.
    static let mark = "\u{0}float:"

    /// `data` with each whole-valued floating-point literal (in Int's range) written as a marked string; `data`
    /// itself when it has none, or when a string of it holds an escaped NUL (`\u0000`, which a marked string could
    /// be taken for: then such literals read as integers).
    static func marked(_ data: Data) -> Data {
        var found: [Range<Int>] = []
        let clear = data.withUnsafeBytes { bytes -> Bool in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    while index < count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") {
                            if index + 5 < count, bytes[index + 1] == UInt8(ascii: "u"),
                               bytes[index + 2] == UInt8(ascii: "0"), bytes[index + 3] == UInt8(ascii: "0"),
                               bytes[index + 4] == UInt8(ascii: "0"), bytes[index + 5] == UInt8(ascii: "0") {
                                return false
                            }
                            index += 1
                        }
                        index += 1
                    }
                    index += 1
                } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    let start = index
                    // Floating-point form, and whether it can be whole: an exponent, or only zeros after the point.
                    var floating = false, mayBeWhole = true, afterPoint = false
                    while index < count, isNumberByte(bytes[index]) {
                        let digit = bytes[index]
                        if digit == UInt8(ascii: ".") {
                            floating = true
                            afterPoint = true
                        } else if digit | 0x20 == UInt8(ascii: "e") {
                            floating = true
                            afterPoint = false
                            mayBeWhole = true
                        } else if afterPoint, digit != UInt8(ascii: "0") {
                            mayBeWhole = false
                        }
                        index += 1
                    }
                    if floating, mayBeWhole, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                       value == value.rounded(), abs(value) < 9.2e18 {
                        found.append(start..<index)
                    }
                } else {
                    index += 1
                }
            }
            return true
        }
        guard clear, !found.isEmpty else { return data }
        var out = Data()
        out.reserveCapacity(data.count + found.count * 16)
        var last = data.startIndex
        for range in found {
            let start = data.startIndex + range.lowerBound, end = data.startIndex + range.upperBound
            out.append(data[last..<start])
            out.append(contentsOf: Array("\"\\u0000float:".utf8))
            out.append(data[start..<end])
            out.append(UInt8(ascii: "\""))
            last = end
        }
        out.append(data[last...])
        return out
    }

    /// The number a marked string stands for; nil for any other string.
    static func number(_ text: String) -> Double? {
        guard text.hasPrefix(mark) else { return nil }
        return Double(text.dropFirst(mark.count))
    }

    /// A decoded string as data: the floating-point number it stands for when marked, else the string.
    static func value(ofString text: String) -> DataValue {
        number(text).map(DataValue.number) ?? .string(text)
    }

    /// A number JSONDecoder read as data: an integer when whole (marked literals never reach here), checked
    /// against the exact integer beyond 2^53 (`exact` decodes it); floating-point otherwise.
    static func value(ofNumber number: Double, exact: () -> Int?) -> DataValue {
        guard number == number.rounded(), abs(number) < 9.2e18 else { return .number(number) }
        if abs(number) < 9007199254740992 { return .integer(Int(number)) }
        return exact().map(DataValue.integer) ?? .number(number)
    }

    /// Whether a byte can be part of a JSON number literal.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte | 0x20 == UInt8(ascii: "e")
    }
}
