/// One command as data: its name, its forms, its options and what becomes of an option written after its first
/// operand. `usage` is made from it.
public struct CommandDeclaration: Sendable, Encodable {
    /// What happens to an argument that looks like an option once the first operand (the script, the spec, the
    /// exercise) has been read.
    public enum AfterOperand: String, Sendable, Encodable {
        /// It belongs to the script, as everything after the script does in the stock `lua` (lua.c).
        case passedOn
        /// One naming the command's own option is refused with a message (after `--` it is passed on); any other
        /// is passed on to the first operand.
        case ownOptionsRefused
        /// It is the command's own: options may come anywhere, since no operand takes arguments of its own.
        case taken
    }

    /// The command as typed: `forcelab`, `forcelab sweep`.
    public let name: String
    /// Its forms, each the arguments after `name` (`[options] [script [args]]`).
    public let forms: [String]
    /// Its options, in the order the usage lists them.
    public let options: [OptionDeclaration]
    /// What the first operand is called in messages (`the spec`).
    public let operand: String
    /// What becomes of an option after the first operand.
    public let afterOperand: AfterOperand
    /// The arguments that end the options (`--`, and `-` for standard input where it is the script), with help.
    public let markers: [Marker]
    /// A flag that, given before the first operand, lets options come anywhere after it (`sweep --merge`, whose
    /// operands are result files).
    public let optionsAnywhereWith: String?
    /// The lines the usage ends with (what the forms do, exit statuses).
    public let notes: String

    /// Declares a command.
    public init(name: String, forms: [String], options: [OptionDeclaration], operand: String, afterOperand: AfterOperand,
                optionsAnywhereWith: String? = nil, markers: [Marker], notes: String) {
        self.name = name
        self.forms = forms
        self.options = options
        self.operand = operand
        self.afterOperand = afterOperand
        self.optionsAnywhereWith = optionsAnywhereWith
        self.markers = markers
        self.notes = notes
    }

    /// The option with the name `name`, if any.
    func option(named name: String) -> OptionDeclaration? {
        options.first { $0.names.contains(name) }
    }

    /// The usage text: the forms, one line per option (hidden ones left out) with its default, the markers and the
    /// notes; lines wrapped at `UsageText.width` columns.
    public var usage: String {
        let shown = options.filter { !$0.hidden }
        let entries = shown.map { ($0.usageForm, $0.help + ($0.defaultText.map { " (default: \($0))" } ?? "")) }
            + markers.map { ($0.argument, $0.help) }
        var lines = forms.enumerated().map { ($0 == 0 ? "usage: " : "       ") + name + " " + $1 }
        lines += UsageText.table(entries)
        if !notes.isEmpty { lines.append(notes) }
        return lines.joined(separator: "\n")
    }
}

/// An argument that ends a command's options, as data: `--`, or `-` (standard input).
public struct Marker: Sendable, Encodable {
    public let argument: String
    public let help: String

    /// Declares a marker.
    public init(_ argument: String, _ help: String) {
        self.argument = argument
        self.help = help
    }
}

/// The layout of a usage text's option lines.
enum UsageText {
    /// The widest line, in columns.
    static let width = 110
    /// The widest option form the column of help lines makes room for; a longer one puts its help on the next line.
    static let formColumn = 24

    /// Two columns, the forms indented by 2 and the help lines after them, each wrapped at `width`.
    static func table(_ entries: [(form: String, help: String)]) -> [String] {
        let column = min(formColumn, (entries.map(\.form.count).max() ?? 0) + 2)
        let indent = String(repeating: " ", count: column + 2)
        return entries.flatMap { form, help -> [String] in
            let first = "  " + form + (form.count < column ? String(repeating: " ", count: column - form.count) : "")
            var lines = form.count < column ? [] : [first]
            var line = form.count < column ? first : indent
            var empty = true
            for word in help.split(separator: " ") {
                if !empty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                    empty = true
                }
                line += (empty ? "" : " ") + word
                empty = false
            }
            return lines + [line]
        }
    }
}
