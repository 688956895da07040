import Foundation
import DataTables

/// The command line's part of `forcelab --api`: each command (forcelab, sweep, grade) with its usage and its
/// options, read from the usage text the command prints for `-h`, which is where its options are declared today.
/// An option line is indented by two spaces: its names and value (`-l g=mod`, `--out DIR`), then, after two spaces
/// or more, its help, which goes on in the lines indented further.
enum CommandLineDescription {
    /// Each command's name and usage text.
    static let commands: [(name: String, usage: String)] = [
        ("forcelab", CommandLineOptions.usage), ("forcelab sweep", SweepOptions.usage), ("forcelab grade", GradeOptions.usage),
    ]

    /// `[{command, usage, options: [{names, value, doc}]}]`.
    static var json: JSONValue {
        .array(commands.map { command in
            .object([
                JSONField("command", .string(command.name)),
                JSONField("usage", .string(command.usage)),
                JSONField("options", .array(options(in: command.usage).map { option in
                    .object([
                        JSONField("names", .array(option.names.map(JSONValue.string))),
                        JSONField("value", option.value.map(JSONValue.string) ?? .null),
                        JSONField("doc", .string(option.doc)),
                    ])
                })),
            ])
        })
    }

    /// An option as its usage line gives it.
    struct Option: Equatable {
        var names: [String]
        var value: String?
        var doc: String
    }

    /// The options in `usage`, in order.
    static func options(in usage: String) -> [Option] {
        var options: [Option] = []
        var continuing = false
        for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if indent == 2, text.hasPrefix("-"), let gap = text.range(of: "  ") {
                let words = text[..<gap.lowerBound].split(separator: " ").map(String.init)
                let doc = text[gap.upperBound...].trimmingCharacters(in: .whitespaces)
                options.append(Option(names: words.filter { $0.hasPrefix("-") }, value: words.first { !$0.hasPrefix("-") }, doc: doc))
                continuing = true
            } else if continuing, indent > 2, !text.isEmpty {
                options[options.count - 1].doc += " " + text
            } else {
                continuing = false
            }
        }
        return options
    }
}
