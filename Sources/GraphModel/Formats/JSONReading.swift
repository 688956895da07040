import Foundation

/// Reading JSON documents with Foundation, with file positions for errors.
enum JSONReading {
    /// Reads a JSON document whose root is an object with `body`, inside Foundation's `JSONDecoder` (which keeps
    /// memory near the size of the text, where `JSONSerialization`'s objects take about a hundred times it).
    ///
    /// The decoder checks a string or a number only when it is read, and it refuses some valid numbers (`0e5`, one
    /// that underflows to zero) and UTF-32 text. So when a reading fails, `JSONSerialization` checks the whole text:
    /// a syntax error is reported at its line and column with its reason; text it accepts is written back by it
    /// (numbers, escapes and encoding made plain) and read again, so the error, if any, is the reading's own. A
    /// reading stopped by `meter`'s check is not tried again.
    static func read<Result>(
        _ data: Data, file: String, meter: WorkMeter, _ body: @escaping (JSONObject) throws -> Result
    ) throws -> Result {
        let marked = JSONFloatLiterals.marked(data)
        do {
            return try decode(marked, body)
        } catch {
            if meter.hasStopped { throw error }
            let plain: Data
            do {
                plain = try JSONSerialization.data(
                    withJSONObject: JSONSerialization.jsonObject(with: marked, options: [.fragmentsAllowed]),
                    options: [.fragmentsAllowed])
            } catch {
                // Placed in the text as written, not as marked.
                do {
                    _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                } catch let syntax {
                    throw syntaxError(syntax, in: data, file: file)
                }
                throw GraphFileError(file: file, message: "invalid JSON")
            }
            do {
                return try decode(plain, body)
            } catch let decoding as DecodingError {
                throw GraphFileError(file: file, message: "invalid JSON: \(decoding.localizedDescription)")
            }
        }
    }

    /// `body`'s result on the root object of `data` (marked by JSONFloatLiterals) read by `JSONDecoder`.
    private static func decode<Result>(_ data: Data, _ body: @escaping (JSONObject) throws -> Result) throws -> Result {
        var result: Result?
        let decoder = JSONDecoder()
        decoder.userInfo[RootReading.key] = RootReading { result = try body($0) }
        _ = try decoder.decode(Document.self, from: data)
        return result!
    }

    /// What the decoder does with the document's root object, handed to it in its user info.
    private final class RootReading: @unchecked Sendable {
        static let key = CodingUserInfoKey(rawValue: "forcelab.rootReading")!
        let read: (JSONObject) throws -> Void

        init(_ read: @escaping (JSONObject) throws -> Void) {
            self.read = read
        }
    }

    /// The document being decoded: runs the reading on its root.
    private struct Document: Decodable {
        init(from decoder: Decoder) throws {
            let reading = decoder.userInfo[RootReading.key] as! RootReading
            guard let root = try? decoder.container(keyedBy: JSONKey.self) else {
                throw GraphError("document: expected an object")
            }
            try reading.read(JSONObject(root, kinds: JSONKinds(), base: "document"))
        }
    }

    /// `JSONSerialization`'s syntax error as a file error at its line and column.
    private static func syntaxError(_ error: any Error, in data: Data, file: String) -> GraphFileError {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
        let offset = characterOffset(in: detail) ?? data.count
        let (line, column) = TextPlace.lineAndColumn(of: offset, in: data)
        let message = detail.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression)
        return GraphFileError(file: file, line: line, column: column, message: "invalid JSON: " + message)
    }

    /// The number after "character" in Foundation's message.
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: #"character \d+"#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst("character ".count))
    }
}
