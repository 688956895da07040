import Foundation

/// One option of a Lua function's options table: its name, what it accepts, its default and one line of doc.
/// The declaration is the only place the option is written: the reader checks against it and the docs are made from it.
public struct LuaOption: Sendable {
    /// What an option accepts.
    public enum Value: Sendable {
        /// A number within the range (so finite unless the range says otherwise).
        case number(ClosedRange<Double>)
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case boolean
        /// A string (a number is refused: `colour = 5` is no colour).
        case string
        /// A string, or a number taken as its text as `tostring` writes it (an id, a label: `id = 1` is `"1"`).
        case stringOrNumber
        /// One of these strings.
        case choice([String])
        /// One of these strings, or a vector `{x, y}` (a direction).
        case choiceOrVector([String])
        /// A non-empty list of these strings.
        case choices([String])
        /// A Lua function; the text is its signature, for the docs.
        case function(String)
        /// A Lua table; the text is its shape, for the docs.
        case table(String)
        /// Per node: a number, a function of the node or the name of a numeric node data field.
        case nodeNumber
        /// Per node: a colour, a function of the node or the name of a node data field.
        case nodeColour
        /// Per edge: a number, a function of the edge or the name of a numeric edge data field.
        case edgeNumber
        /// Per edge: a colour, a function of the edge or the name of an edge data field.
        case edgeColour
        /// Per node, as a force takes it (d3's accessors): a number, a function of the node, its index and all the
        /// nodes, or the name of a numeric node data field.
        case nodeAccessor
        /// Per link, as a force takes it: a number, a function of the edge, its index and all the links, or the name
        /// of a numeric edge data field.
        case edgeAccessor
        /// An object of the API of the type named (`Simulation`); the text says which, for the docs.
        case object(String, described: String)
        /// Anything the binding checks itself; the text says what, for the docs.
        case custom(String)
    }

    /// What an absent option means.
    public enum Default: Sendable {
        /// Nothing: the option is off or left to the function.
        case none
        /// The option must be given.
        case required
        /// A number (also for integer options).
        case number(Double)
        /// A boolean.
        case boolean(Bool)
        /// A string (also for choices).
        case text(String)
        /// A default computed when the function runs, described for the docs.
        case described(String)
    }

    /// The option's name as users write it.
    public let name: String
    /// What it accepts.
    public let value: Value
    /// What an absent option means.
    public let `default`: Default
    /// One line of doc.
    public let doc: String

    /// Whether the option must be given.
    public var isRequired: Bool {
        if case .required = self.default { true } else { false }
    }

    /// Declares an option.
    public init(_ name: String, _ value: Value, default: Default = .none, _ doc: String) {
        self.name = name
        self.value = value
        self.default = `default`
        self.doc = doc
    }

    /// Every finite number.
    public static let finite: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    /// Every whole number a Lua number holds exactly enough to count with.
    public static let anyInteger: ClosedRange<Int> = Int.min...Int.max

    /// A number option in `range`, defaulting to `fallback` (nil: none).
    public static func number(_ name: String, default fallback: Double? = nil, in range: ClosedRange<Double> = finite, _ doc: String) -> LuaOption {
        LuaOption(name, .number(range), default: fallback.map(Default.number) ?? .none, doc)
    }

    /// A number option in `range` whose default is computed (described by `fallback`).
    public static func number(_ name: String, described fallback: String, in range: ClosedRange<Double> = finite, _ doc: String) -> LuaOption {
        LuaOption(name, .number(range), default: .described(fallback), doc)
    }

    /// A whole-number option in `range`, defaulting to `fallback` (nil: none).
    public static func integer(_ name: String, default fallback: Int? = nil, in range: ClosedRange<Int> = anyInteger, _ doc: String) -> LuaOption {
        LuaOption(name, .integer(range), default: fallback.map { .number(Double($0)) } ?? .none, doc)
    }

    /// A whole-number option in `range` whose default is computed (described by `fallback`).
    public static func integer(_ name: String, described fallback: String, in range: ClosedRange<Int> = anyInteger, _ doc: String) -> LuaOption {
        LuaOption(name, .integer(range), default: .described(fallback), doc)
    }

    /// A boolean option, defaulting to `fallback` (nil: none).
    public static func boolean(_ name: String, default fallback: Bool? = nil, _ doc: String) -> LuaOption {
        LuaOption(name, .boolean, default: fallback.map(Default.boolean) ?? .none, doc)
    }

    /// A string option, defaulting to `fallback` (nil: none).
    public static func string(_ name: String, default fallback: String? = nil, _ doc: String) -> LuaOption {
        LuaOption(name, .string, default: fallback.map(Default.text) ?? .none, doc)
    }

    /// A string option whose default is computed (described by `fallback`).
    public static func string(_ name: String, described fallback: String, _ doc: String) -> LuaOption {
        LuaOption(name, .string, default: .described(fallback), doc)
    }

    /// One of the names of `type`'s cases, defaulting to `fallback` (nil: none).
    public static func choice<T: CaseIterable & RawRepresentable<String>>(
        _ name: String, _ type: T.Type, default fallback: T? = nil, _ doc: String
    ) -> LuaOption {
        LuaOption(name, .choice(type.allCases.map(\.rawValue)), default: fallback.map { .text($0.rawValue) } ?? .none, doc)
    }

    /// One of `choices`, defaulting to `fallback` (nil: none).
    public static func choice(_ name: String, _ choices: [String], default fallback: String? = nil, _ doc: String) -> LuaOption {
        LuaOption(name, .choice(choices), default: fallback.map(Default.text) ?? .none, doc)
    }

    /// What the option accepts, as the docs say it.
    public var accepts: String {
        switch value {
        case .number(let range):
            if range == Self.finite { return "number" }
            if range == -Double.infinity...Double.infinity { return "number, inf or -inf" }
            if range.upperBound == Self.finite.upperBound { return "number ≥ \(Self.format(range.lowerBound))" }
            if range.upperBound == .infinity { return "number ≥ \(Self.format(range.lowerBound)), or inf" }
            return "number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        case .integer(let range):
            if range == Self.anyInteger { return "integer" }
            if range.upperBound == Int.max { return "integer ≥ \(range.lowerBound)" }
            return "integer from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: return "boolean"
        case .string: return "string"
        case .stringOrNumber: return "string or number"
        case .choice(let names): return names.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .choiceOrVector(let names): return names.map { "`\"\($0)\"`" }.joined(separator: ", ") + " or `{x, y}`"
        case .choices(let names): return "a list of " + names.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .function(let signature): return "`\(signature)`"
        case .table(let shape): return "`\(shape)`"
        case .nodeNumber: return "number, `function(node, i)` or numeric node data field name"
        case .nodeColour: return "colour, `function(node, i)` or node data field name"
        case .edgeNumber: return "number, `function(edge, i)` or numeric edge data field name"
        case .edgeColour: return "colour, `function(edge, i)` or edge data field name"
        case .nodeAccessor: return "number, `function(node, i, nodes)` or numeric node data field name"
        case .edgeAccessor: return "number, `function(edge, i, links)` or numeric edge data field name"
        case .object(_, let text), .custom(let text): return text
        }
    }

    /// What an error says the option expects: `a finite number`, `a number from 0 to 1`, `an integer ≥ 1`.
    public var expected: String {
        switch value {
        case .number(let range): range == Self.finite ? "a finite number" : "a " + accepts
        case .integer: "an " + accepts
        default: accepts
        }
    }

    /// Why a number given for the option is refused (`a number from 0 to 1 expected, got 2`), nil when it is
    /// accepted: the one check of a number against an option, for options tables and force options alike. A
    /// per-element number must be finite; NaN, or an infinity where none is accepted, is told so plainly (`a
    /// finite number ≥ 0 expected, got inf`).
    public func refusal(of value: Double) -> String? {
        let accepted: Bool
        var wanted = expected
        switch self.value {
        case .number(let range):
            accepted = range.contains(value)
            if !value.isFinite, range.upperBound == Self.finite.upperBound, range != Self.finite { wanted = "a finite " + accepts }
        case .integer(let range): accepted = value == value.rounded() && Double(range.lowerBound) <= value && value <= Double(range.upperBound)
        default:
            accepted = value.isFinite
            wanted = "a finite number"
        }
        guard !accepted else { return nil }
        return "\(wanted) expected, got \(Self.given(value))"
    }

    /// How an error names the option `name`, by one rule: `field 'x'` for a key of a table (`fl.force.link{x = }`,
    /// as Lua's own messages name a table's fields), `option 'x'` for a value given otherwise (a force maker's
    /// positional argument, an accessor's value).
    public static func subject(_ name: String, inTable: Bool) -> String {
        inTable ? "field '\(name)'" : "option '\(name)'"
    }

    /// A number as an error shows the value given: `nan`, `inf`, or up to 14 significant digits.
    static func given(_ value: Double) -> String {
        value.isNaN ? "nan" : String(format: "%.14g", value)
    }

    /// The default, as the docs say it.
    public var defaultText: String {
        switch self.default {
        case .none: return ""
        case .required: return "required"
        case .number(let value): return "`\(Self.format(value))`"
        case .boolean(let value): return "`\(value)`"
        case .text(let text): return "`\"\(text)\"`"
        case .described(let text): return text
        }
    }

    /// A number as the docs and messages write it: whole numbers below 1e7 without a fraction, very large and very
    /// small ones with an exponent (`1e15`, `1e-9`), NaN as `nan` as the options say it (not the platform's `-nan`),
    /// others in full.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        let size = abs(value)
        if value == value.rounded(), size < 1e7 { return String(Int(value)) }
        if size >= 1e7 || size < 1e-3 {
            let parts = String(format: "%g", value).split(separator: "e")
            guard parts.count == 2, let exponent = Int(parts[1]) else { return String(format: "%g", value) }
            return "\(parts[0])e\(exponent)"
        }
        return "\(value)"
    }
}
