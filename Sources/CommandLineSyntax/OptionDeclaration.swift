/// One command-line option as data: its names, what value it takes, its default and its help line. The usage texts,
/// `forcelab --api`, the man page and the shell completion are all made from these.
public struct OptionDeclaration: Sendable, Encodable, Equatable {
    /// Its names, the main one first (`-h`, `--help`).
    public let names: [String]
    /// What follows it on the command line; nil for a flag.
    public let value: ValueDeclaration?
    /// The default, as the usage says it; nil when there is none (a flag, or an option that is off unless given).
    public let defaultText: String?
    /// One line of help.
    public let help: String
    /// Whether it may be given more than once, each value kept (`--allow-read DIR`).
    public let repeatable: Bool
    /// Whether the usage leaves it out (an option the program gives itself, such as `sweep --worker`).
    public let hidden: Bool

    /// The main name.
    public var name: String { names[0] }

    /// Declares an option; a `value` of nil makes a flag.
    public init(_ names: [String], value: ValueDeclaration?, defaultText: String? = nil, help: String, repeatable: Bool = false,
                hidden: Bool = false) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("-") && $0.count >= 2 }, "option names start with '-'")
        self.names = names
        self.value = value
        self.defaultText = defaultText
        self.help = help
        self.repeatable = repeatable
        self.hidden = hidden
    }

    /// Whether the value may be written joined to a one-letter name, as lua.c takes `-estat` and `-lmod` (and then
    /// a separate value must not start with '-').
    var takesJoinedValue: Bool { value != nil && name.count == 2 }

    /// How the option reads in a usage line: `--jobs N`, `-h, --help`.
    var usageForm: String { names.joined(separator: ", ") + (value.map { " " + $0.placeholder } ?? "") }

    private enum CodingKeys: String, CodingKey {
        case names, value, defaultText = "default", help, repeatable, hidden
    }
}

/// The value an option takes: the word the usage shows for it and its kind, which says how it is checked and
/// completed.
public struct ValueDeclaration: Sendable, Encodable, Equatable {
    /// The placeholder in the usage: `N`, `DIR`, `SECONDS`.
    public let placeholder: String
    /// What it is.
    public let kind: ValueKind
    /// The smallest value allowed (numbers).
    public let minimum: Double?
    /// The largest value allowed (numbers).
    public let maximum: Double?

    /// Declares a value.
    public init(_ placeholder: String, _ kind: ValueKind, minimum: Double? = nil, maximum: Double? = nil) {
        self.placeholder = placeholder
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// The kinds of value an option takes.
public enum ValueKind: String, Sendable, Encodable, Equatable {
    /// Lua source text (`-e`).
    case chunk
    /// A Lua module name, or `global=module` (`-l`).
    case module
    /// A file path.
    case file
    /// A folder path.
    case folder
    /// A whole number within `minimum...maximum`.
    case wholeNumber
    /// A number of seconds above `minimum` and at most `maximum`.
    case seconds
    /// A size in bytes: `1048576`, `512K`, `512M`, `2G`.
    case size
    /// `I/N`: part I of N.
    case shard
    /// Any text: a name (a kernelspec's), a title shown to users.
    case text
}
