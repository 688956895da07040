/// An option whose value a command reads as `Value`: its declaration, how the text given is read, and the value
/// taken when it is not given. Commands read options through these, so a misspelt option does not compile.
public struct Option<Value: Sendable>: Sendable {
    /// The option as data.
    public let declaration: OptionDeclaration
    /// The value when the option is not given; nil when there is none.
    public let defaultValue: Value?
    /// Reads the text given, or throws a `UsageError` naming the option (the first argument).
    let read: @Sendable (_ name: String, _ text: String) throws -> Value

    /// The main name.
    public var name: String { declaration.name }

    /// Reads `text` as this option's value, naming `source` (the option, or an environment variable) when it is
    /// not one.
    public func value(_ text: String, from source: String? = nil) throws -> Value {
        try read(source ?? declaration.name, text)
    }
}

/// An option that takes no value.
public struct Flag: Sendable {
    /// The option as data.
    public let declaration: OptionDeclaration

    /// The main name.
    public var name: String { declaration.name }

    /// Declares a flag named `names` (the main name first).
    public init(_ names: String..., help: String, hidden: Bool = false) {
        declaration = OptionDeclaration(names, value: nil, help: help, hidden: hidden)
    }
}

extension Option where Value == String {
    /// An option whose value is taken as it is written (a path, a chunk, a module); `defaultText` says the default
    /// when the program works it out (`the spec's name with .jsonl`).
    public static func text(_ name: String, _ placeholder: String, _ kind: ValueKind, default: String? = nil, defaultText: String? = nil,
                            help: String, repeatable: Bool = false) -> Option {
        Option(declaration: OptionDeclaration([name], value: ValueDeclaration(placeholder, kind), defaultText: defaultText ?? `default`,
                                              help: help, repeatable: repeatable),
               defaultValue: `default`, read: { _, text in text })
    }
}

extension Option where Value == Int {
    /// A whole number from `range`; `defaultText` says the default when it is not a number (`every core`).
    public static func wholeNumber(_ name: String, _ placeholder: String, _ range: ClosedRange<Int>, default: Int? = nil,
                                   defaultText: String? = nil, help: String) -> Option {
        let value = ValueDeclaration(placeholder, .wholeNumber, minimum: Double(range.lowerBound),
                                     maximum: range.upperBound == Int.max ? nil : Double(range.upperBound))
        return Option(declaration: OptionDeclaration([name], value: value, defaultText: defaultText ?? `default`.map { "\($0)" }, help: help),
                      defaultValue: `default`, read: { name, text in try WholeNumber.read(text, named: name, in: range) })
    }

    /// A size in bytes, written `1048576`, `512K`, `512M` or `2G`.
    public static func size(_ name: String, default: Int? = nil, help: String) -> Option {
        Option(declaration: OptionDeclaration([name], value: ValueDeclaration("SIZE", .size), defaultText: `default`.map(SizeText.text),
                                              help: help),
               defaultValue: `default`,
               read: { name, text in
                   guard let bytes = SizeText.bytes(text) else { throw UsageError.badValue(name, text, expected: "a size such as 512M or 2G") }
                   return bytes
               })
    }
}

extension Option where Value == Double {
    /// A number of seconds above 0 and at most `maximum`.
    public static func seconds(_ name: String, maximum: Double, default: Double? = nil, help: String) -> Option {
        let expected = "a number of seconds above 0 and at most \(SizeText.plain(maximum))"
        return Option(declaration: OptionDeclaration([name], value: ValueDeclaration("SECONDS", .seconds, minimum: 0, maximum: maximum),
                                                     defaultText: `default`.map(SizeText.plain), help: help),
                      defaultValue: `default`,
                      read: { name, text in
                          guard let seconds = Double(text), seconds > 0, seconds <= maximum else {
                              throw UsageError.badValue(name, text, expected: expected)
                          }
                          return seconds
                      })
    }
}

/// Part `index` of `count`, 1-based.
public struct Shard: Sendable, Equatable {
    public let index: Int
    public let count: Int

    /// Part `index` of `count`; the caller checks 1 <= index <= count.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The whole, as one shard.
    public static let whole = Shard(index: 1, count: 1)
}

extension Option where Value == Shard {
    /// `I/N` with 1 <= I <= N.
    public static func shard(_ name: String, defaultText: String, help: String) -> Option {
        Option(declaration: OptionDeclaration([name], value: ValueDeclaration("I/N", .shard), defaultText: defaultText, help: help),
               defaultValue: nil,
               read: { name, text in
                   let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                   guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
                       throw UsageError.badValue(name, text, expected: "I/N with 1 <= I <= N")
                   }
                   return Shard(index: index, count: count)
               })
    }
}

/// Whole numbers on the command line, as option values and as operands (ForceBench's sizes).
public enum WholeNumber {
    /// `text` as a whole number in `range`, else a `UsageError` naming `name` (an option, or an operand such as `N`).
    public static func read(_ text: String, named name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(text), range.contains(number) else {
            let expected = range.upperBound == Int.max ? "a whole number of \(range.lowerBound) or more"
                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError.badValue(name, text, expected: expected)
        }
        return number
    }
}

/// Sizes and numbers as the usage writes them.
enum SizeText {
    /// A positive size such as `1048576`, `512K`, `512M` or `2G`; nil when it is not one or does not fit.
    static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let upper = text.uppercased()
        let unit = upper.last.flatMap { units[$0] } ?? 1
        guard let count = Int(unit == 1 ? upper : String(upper.dropLast())), count > 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }

    /// A size in the largest unit that divides it: `1G`, `512M`, `1000`.
    static func text(_ bytes: Int) -> String {
        for (unit, suffix) in [(1 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")] where bytes % unit == 0 { return "\(bytes / unit)\(suffix)" }
        return "\(bytes)"
    }

    /// A number without a fraction written as a whole number (`60`, `1000000`), else as Swift writes it.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}
