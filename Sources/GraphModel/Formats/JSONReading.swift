import Foundation

/// Parsing JSON with Foundation and turning its objects into data values, with file positions for errors.
enum JSONReading {
    /// The type Foundation uses for JSON booleans, told apart from numbers.
    private static let booleanType = type(of: NSNumber(value: true))

    /// Parses JSON text; a syntax error names the line and column of the byte offset Foundation reports.
    static func parse(_ data: Data, file: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
            let offset = characterOffset(in: detail) ?? data.count
            let (line, column) = lineAndColumn(of: offset, in: data)
            let message = detail.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression)
            throw GraphFileError(file: file, line: line, column: column, message: "invalid JSON: " + message)
        }
    }

    /// A data value from a Foundation JSON object.
    static func value(_ object: Any) -> DataValue {
        switch object {
        case let string as String: return .string(string)
        case let number as NSNumber where type(of: number) == booleanType: return .bool(number.boolValue)
        case let number as NSNumber: return .number(number.doubleValue)
        case let array as [Any]: return .array(array.map(value))
        case let dictionary as [String: Any]: return .object(dictionary.mapValues(value))
        default: return .null
        }
    }

    /// True for JSON null, tested by type so that arrays and dictionaries are not bridged to check.
    static func isNull(_ object: Any) -> Bool {
        type(of: object) == NSNull.self
    }

    /// The number after "character" in Foundation's message.
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: #"character \d+"#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst("character ".count))
    }

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
