/// The options table of one Lua function: the function's name as users write it and its declared options.
public struct LuaOptionTable: Sendable {
    /// The function as users write it, e.g. `sim:run` or `fl.svg.graph`; it starts every error about its options.
    public let function: String
    /// The options, in the order the docs list them.
    public let options: [LuaOption]
    /// Whether the options are the fields of a record (a node, a series, a check): messages call them fields.
    public let isRecord: Bool
    /// Whether the table may hold fields of its own beside the declared ones (a table force's state), so an editor's
    /// class of it is not exact.
    public let hasOwnFields: Bool
    /// The position of each option in `options`, by name.
    private let positions: [String: Int]

    /// Declares the options of `function` (the fields of a record when `record`, beside fields of the table's own when
    /// `ownFields`); a name given twice is a programming error.
    public init(_ function: String, record: Bool = false, ownFields: Bool = false, _ options: [LuaOption]) {
        self.function = function
        self.options = options
        isRecord = record
        hasOwnFields = ownFields
        positions = Dictionary(options.enumerated().map { ($1.name, $0) }) { first, _ in
            preconditionFailure("\(function): option '\(options[first].name)' is declared twice")
        }
    }

    /// The option called `name`, or nil when it is not declared.
    public func option(_ name: String) -> LuaOption? {
        positions[name].map { options[$0] }
    }

    /// The names of the options, in declaration order.
    public var names: [String] { options.map(\.name) }

    /// The docs' table of the options: option | accepts | default | meaning.
    public var markdown: String {
        guard !options.isEmpty else { return "`\(function)` takes no options.\n" }
        var lines = ["| option | accepts | default | meaning |", "| --- | --- | --- | --- |"]
        for option in options {
            let cells = ["`\(option.name)`", option.accepts, option.defaultText, option.doc]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The declared name `name` most likely meant (`nearest(to:among:)` of the option names).
    public func nearest(to name: String) -> String? { Self.nearest(to: name, among: names) }

    /// The name of `names` that `name` most likely meant: the one it spells in other case, else the shortest one it
    /// abbreviates (`cols` for `columns`: the same first letter, its letters in order), else the closest (fewest
    /// one-character edits, a swap of neighbours counting as one) when it is close enough: at most 2 edits, or a
    /// third of the name's length.
    public static func nearest(to name: String, among names: [String]) -> String? {
        let typed = name.lowercased()
        if let same = names.first(where: { $0.lowercased() == typed }) { return same }
        if typed.count >= 2, let whole = names.filter({ abbreviates(typed, $0.lowercased()) })
            .min(by: { $0.count < $1.count })
        {
            return whole
        }
        let limit = max(2, name.count / 3)
        let scored = names.map { (name: $0, distance: editDistance(typed, $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.name
    }

    /// The message for an unknown option (or field of a record) `key`: with the nearest declared name, or the list
    /// when none is close.
    public func unknownOptionMessage(_ key: String) -> String {
        let noun = isRecord ? "field" : "option"
        if options.isEmpty { return "\(function): takes no \(noun)s, got '\(key)'" }
        if let suggestion = nearest(to: key) { return "\(function): unknown \(noun) '\(key)' (did you mean '\(suggestion)'?)" }
        return "\(function): unknown \(noun) '\(key)' (\(noun)s: \(names.joined(separator: ", ")))"
    }

    /// Whether `short` is an abbreviation of the longer `long`: the same first letter and its letters in order.
    static func abbreviates(_ short: String, _ long: String) -> Bool {
        guard short.count < long.count, short.first == long.first else { return false }
        var rest = long[...]
        for letter in short {
            guard let found = rest.firstIndex(of: letter) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
