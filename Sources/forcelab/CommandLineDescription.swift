import CommandLineSyntax
import DataTables
import Foundation

/// The command lines' part of `forcelab --api`: every command's declaration (`CommandCatalog.all`: forcelab, sweep,
/// grade, ForceBench) as `CommandLineSyntax` encodes it.
enum CommandLineDescription {
    /// The declarations as JSON, keys sorted.
    static var json: JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let text = String(decoding: try encoder.encode(CommandCatalog.all), as: UTF8.self)
            return try JSONValue.parse(Substring(text))
        } catch {
            preconditionFailure("the command declarations always encode: \(error)")
        }
    }
}
