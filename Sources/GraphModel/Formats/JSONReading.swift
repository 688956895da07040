import Foundation

/// Reading JSON documents with Foundation, with file positions for errors.
enum JSONReading {
    /// Reads a JSON document whose root is an object with `body`, inside Foundation's `JSONDecoder` (which keeps
    /// memory near the size of the text, where `JSONSerialization`'s objects take about a hundred times it). A
    /// syntax error names the line and column of the byte offset `JSONSerialization` reports for it.
    static func read<Result>(_ data: Data, file: String, _ body: @escaping (JSONObject) throws -> Result) throws -> Result {
        let reading = Reading(body)
        let decoder = JSONDecoder()
        decoder.userInfo[readingKey] = reading
        do {
            _ = try decoder.decode(Document.self, from: data)
        } catch let error as DecodingError {
            // The reading itself throws graph errors; the decoder's own errors are about the text.
            throw syntaxError(in: data, file: file, decoderError: error)
        }
        return reading.result!
    }

    /// Where the decoder finds the reading of its document.
    private static let readingKey = CodingUserInfoKey(rawValue: "forcelab.reading")!

    /// A reading of a document's root object.
    private protocol RootReading: AnyObject {
        /// Reads the root object.
        func read(_ root: JSONObject) throws
    }

    /// The body of a `read` and its result.
    private final class Reading<Result>: RootReading, @unchecked Sendable {
        let body: (JSONObject) throws -> Result
        var result: Result?

        init(_ body: @escaping (JSONObject) throws -> Result) {
            self.body = body
        }

        func read(_ root: JSONObject) throws {
            result = try body(root)
        }
    }

    /// The document being decoded: runs the reading on its root.
    private struct Document: Decodable {
        init(from decoder: Decoder) throws {
            let reading = decoder.userInfo[JSONReading.readingKey] as! any RootReading
            guard let root = try? decoder.container(keyedBy: JSONKey.self) else {
                throw GraphError("document: expected an object")
            }
            try reading.read(JSONObject(root, kinds: JSONKinds(), base: "document"))
        }
    }

    /// The error for text the decoder rejected: `JSONSerialization`'s message at its line and column.
    private static func syntaxError(in data: Data, file: String, decoderError: any Error) -> GraphFileError {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "invalid JSON"
            let offset = characterOffset(in: detail) ?? data.count
            let (line, column) = TextPlace.lineAndColumn(of: offset, in: data)
            let message = detail.replacingOccurrences(of: #" around character \d+"#, with: "", options: .regularExpression)
            return GraphFileError(file: file, line: line, column: column, message: "invalid JSON: " + message)
        }
        return GraphFileError(file: file, message: "invalid JSON: \(decoderError)")
    }

    /// The number after "character" in Foundation's message.
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: #"character \d+"#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst("character ".count))
    }
}
