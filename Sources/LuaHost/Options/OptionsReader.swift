import CLuaShim
import Foundation
import GraphModel

/// Reads an options table against its declaration: an undeclared key is refused when the reader is made, each read
/// checks the declared kind and range and gives the declared default for an absent option. Reading a name that is
/// not declared, or reading it as another kind, is a programming error.
public struct OptionsReader {
    /// The declaration read against.
    public let declaration: LuaOptionTable
    /// The table's fields (an absent table has none).
    public let fields: LuaTableReader

    /// Reads argument `n` of the call (a table, or absent unless `required`) against `declaration`.
    public init(_ arguments: LuaArguments, _ n: Int32, _ declaration: LuaOptionTable, required: Bool = false) throws {
        try self.init(LuaTableReader(arguments, n, optional: !required), declaration)
    }

    /// Reads a table already wrapped (e.g. one nested in another argument) against `declaration`.
    public init(_ fields: LuaTableReader, _ declaration: LuaOptionTable) throws {
        self.fields = fields
        self.declaration = declaration
        try refuseUndeclared()
    }

    private var L: OpaquePointer { fields.arguments.L }

    /// Fails on the first key (in Lua's traversal order) that is not a declared option name.
    private func refuseUndeclared() throws {
        guard fields.index != 0 else { return }
        if let key = Self.firstUndeclaredKey(L, table: fields.index, declared: { declaration.option($0) != nil }) {
            throw LuaError(declaration.unknownOptionMessage(key))
        }
    }

    /// The first key (in Lua's traversal order) of the table at `table` that is no string `declared` accepts,
    /// described as messages show it (`name`, or `[1]` for another key), or nil: the one check of a table's keys,
    /// for options tables and for the tables a sweep spec or an exercise returns.
    public static func firstUndeclaredKey(_ L: OpaquePointer, table: Int32, declared: (String) -> Bool) -> String? {
        LuaTableReader.firstKey(L, table: table) { lua_type(L, -1) == LUA_TSTRING && (LuaValues.string(L, -1).map(declared) ?? false) }
    }

    /// The declaration of `name`; reading an undeclared option is a programming error.
    public func option(_ name: String) -> LuaOption {
        guard let option = declaration.option(name) else {
            preconditionFailure("\(declaration.function): option '\(name)' is read but not declared")
        }
        return option
    }

    /// Whether the option is given (not nil).
    public func has(_ name: String) -> Bool {
        _ = option(name)
        return fields.has(name)
    }

    /// Pushes the option's value (nil when absent) and returns its Lua type, for options the binding checks itself
    /// (`.custom`, the per-node and per-edge kinds).
    public func push(_ name: String) -> Int32 {
        _ = option(name)
        return fields.push(name)
    }

    /// Fails when option `name` is absent and declared as required.
    func checkNotRequired(_ name: String) throws {
        guard case .required = option(name).default else { return }
        throw fields.arguments.error(fields.argument, "field '\(name)' is required")
    }

    /// The error for option `name` holding a value it does not accept (`expected` says what it accepts).
    public func error(_ name: String, expected: String, got: String) -> LuaError {
        fields.arguments.error(fields.argument, "\(LuaOption.subject(name, inTable: true)): \(expected) expected, got \(got)")
    }

    // MARK: Numbers

    /// A number option, or its declared default (nil when it has none).
    public func optionalNumber(_ name: String) throws -> Double? {
        guard case .number = option(name).value else { preconditionFailure(misread(name, as: "number")) }
        guard let value = try fields.number(name) else {
            try checkNotRequired(name)
            return numericDefault(name)
        }
        if let refusal = option(name).refusal(of: value) {
            throw fields.arguments.error(fields.argument, "\(LuaOption.subject(name, inTable: true)): \(refusal)")
        }
        return value
    }

    /// A number option that has a numeric default.
    public func number(_ name: String) throws -> Double {
        guard let value = try optionalNumber(name) else { preconditionFailure(noDefault(name)) }
        return value
    }

    /// A whole-number option, or its declared default (nil when it has none): NaN or an infinity is refused as
    /// what the option takes (`an integer ≥ 1 expected, got nan`), a fraction as Lua refuses it.
    public func optionalInteger(_ name: String) throws -> Int? {
        guard case .integer(let range) = option(name).value else { preconditionFailure(misread(name, as: "integer")) }
        guard let number = try fields.number(name) else {
            try checkNotRequired(name)
            return numericDefault(name).map { Int($0) }
        }
        guard number.isFinite else { throw error(name, expected: option(name).expected, got: LuaOption.given(number)) }
        guard number == number.rounded(), abs(number) < 9e18 else {
            throw fields.arguments.error(fields.argument, "field '\(name)': number has no integer representation")
        }
        let value = Int(number)
        guard range.contains(value) else { throw error(name, expected: option(name).expected, got: String(value)) }
        return value
    }

    /// A whole-number option that has a numeric default.
    public func integer(_ name: String) throws -> Int {
        guard let value = try optionalInteger(name) else { preconditionFailure(noDefault(name)) }
        return value
    }

    private func numericDefault(_ name: String) -> Double? {
        if case .number(let value) = option(name).default { return value }
        return nil
    }

    // MARK: Booleans, strings and choices

    /// A boolean option (`true` or `false`, nothing else), or its declared default (nil when it has none).
    public func optionalBoolean(_ name: String) throws -> Bool? {
        guard case .boolean = option(name).value else { preconditionFailure(misread(name, as: "boolean")) }
        defer { fl_pop(L, 1) }
        switch fields.push(name) {
        case LUA_TNIL:
            try checkNotRequired(name)
            if case .boolean(let value) = option(name).default { return value }
            return nil
        case LUA_TBOOLEAN: return lua_toboolean(L, -1) != 0
        default: throw error(name, expected: "boolean", got: LuaValues.typeName(L, -1))
        }
    }

    /// A boolean option that has a default.
    public func boolean(_ name: String) throws -> Bool {
        guard let value = try optionalBoolean(name) else { preconditionFailure(noDefault(name)) }
        return value
    }

    /// A string option (or choice), or its declared default (nil when it has none); a number only for an option
    /// declared `.stringOrNumber`.
    public func optionalString(_ name: String) throws -> String? {
        let option = option(name)
        let numbers: Bool
        switch option.value {
        case .string, .choice: numbers = false
        case .stringOrNumber: numbers = true
        default: preconditionFailure(misread(name, as: "string"))
        }
        guard let value = try fields.string(name, numbers: numbers) else {
            try checkNotRequired(name)
            if case .text(let text) = option.default { return text }
            return nil
        }
        if case .choice(let names) = option.value, !names.contains(value) {
            // Values are case-sensitive: one that differs only in case is named (`"Fast"` for `"fast"`).
            let listed = names.joined(separator: ", ")
            let known = names.first { $0.lowercased() == value.lowercased() }.map { "did you mean '\($0)'? " } ?? ""
            throw fields.arguments.error(fields.argument, "field '\(name)': unknown value '\(value)' (\(known)\(listed))")
        }
        return value
    }

    /// A string option (or choice) that has a default.
    public func string(_ name: String) throws -> String {
        guard let value = try optionalString(name) else { preconditionFailure(noDefault(name)) }
        return value
    }

    /// A choice option as a case of `type` (declared with `LuaOption.choice(_:_:default:_:)`), or its default.
    public func optionalChoice<T: RawRepresentable<String>>(_ name: String, as type: T.Type) throws -> T? {
        guard let value = try optionalString(name) else { return nil }
        guard let choice = T(rawValue: value) else { preconditionFailure("\(declaration.function): '\(value)' is declared for '\(name)' but is no \(T.self)") }
        return choice
    }

    /// A choice option that has a default, as a case of `type`.
    public func choice<T: RawRepresentable<String>>(_ name: String, as type: T.Type) throws -> T {
        guard let value = try optionalChoice(name, as: type) else { preconditionFailure(noDefault(name)) }
        return value
    }

    /// A list-of-choices option (declared `.choices`) as cases of `type`, in the order given, or nil when absent:
    /// an empty list or a name not declared (the nearest suggested) is refused.
    public func optionalChoices<T: RawRepresentable<String>>(_ name: String, as type: T.Type) throws -> [T]? {
        guard case .choices(let names) = option(name).value else { preconditionFailure(misread(name, as: "list of choices")) }
        let listed = names.joined(separator: ", ")
        let given = fields.push(name)
        defer { fl_pop(L, 1) }
        guard given != LUA_TNIL else {
            try checkNotRequired(name)
            return nil
        }
        guard given == LUA_TTABLE else { throw error(name, expected: "a list of names (\(listed))", got: LuaValues.typeName(L, -1)) }
        let list = LuaTableReader(fields.arguments, tableAt: lua_absindex(L, -1), argument: fields.argument)
        guard list.count > 0 else { throw error(name, expected: "a list of names (\(listed))", got: "an empty list") }
        return try list.elements(of: LuaOption.subject(name, inTable: true)) { element, position in
            guard element == LUA_TSTRING, let value = LuaValues.string(L, -1) else {
                throw fields.arguments.error(fields.argument, "field '\(name)'[\(position)]: a name expected, got \(LuaValues.typeName(L, -1))")
            }
            guard let choice = T(rawValue: value), names.contains(value) else {
                let hint = LuaOptionTable.nearest(to: value, among: names).map { "did you mean '\($0)'?" } ?? listed
                throw fields.arguments.error(fields.argument, "field '\(name)'[\(position)]: unknown value '\(value)' (\(hint))")
            }
            return choice
        }
    }

    /// A table option holding a list of strings, or nil when absent; anything else is refused.
    public func optionalStrings(_ name: String) throws -> [String]? {
        guard try pushTable(name) else { return nil }
        fl_pop(L, 1)
        guard case .array(let items)? = try fields.data(name), items.allSatisfy({ $0.string != nil }) else {
            throw fields.arguments.error(fields.argument, "field '\(name)': a list of strings expected")
        }
        return items.compactMap(\.string)
    }

    /// A list-of-numbers option (declared `.table`): its numbers in order, empty when absent; of `counts` numbers
    /// when given, each finite when `finite`.
    public func numbers(_ name: String, counts: ClosedRange<Int>? = nil, finite: Bool = false) throws -> [Double] {
        guard case .table(let shape) = option(name).value else { preconditionFailure(misread(name, as: "list of numbers")) }
        guard try pushTable(name) else { return [] }
        defer { fl_pop(L, 1) }
        let list = LuaTableReader(fields.arguments, tableAt: lua_gettop(L), argument: fields.argument)
        let values = try list.elements(of: LuaOption.subject(name, inTable: true)) { type, position in
            let value = type == LUA_TNUMBER ? fl_tonumber(L, -1) : nil
            guard let value, !finite || value.isFinite else {
                let got = value.map(LuaOption.given) ?? LuaValues.typeName(L, -1)
                throw fields.arguments.error(fields.argument, "field '\(name)'[\(position)]: \(finite ? "a finite number" : "number") expected, got \(got)")
            }
            return value
        }
        if let counts, !counts.contains(values.count) { throw error(name, expected: shape, got: "\(values.count) number\(values.count == 1 ? "" : "s")") }
        return values
    }

    /// A table option of named data fields (`data = {group = 1}`), or nil when absent.
    public func dataFields(_ name: String) throws -> [String: DataValue]? {
        guard case .table = option(name).value else { preconditionFailure(misread(name, as: "table of data fields")) }
        guard let fields = try fields.fields(name) else {
            try checkNotRequired(name)
            return nil
        }
        return fields
    }

    // MARK: Functions and tables

    /// A function option kept as a reference (owned by `owner` when given), or nil when absent.
    public func function(_ name: String, owner: AnyObject? = nil) throws -> LuaReference? {
        guard case .function = option(name).value else { preconditionFailure(misread(name, as: "function")) }
        defer { fl_pop(L, 1) }
        switch fields.push(name) {
        case LUA_TNIL:
            try checkNotRequired(name)
            return nil
        case LUA_TFUNCTION: return LuaReference(L, -1, owner: owner)
        default: throw error(name, expected: "function", got: LuaValues.typeName(L, -1))
        }
    }

    /// Pushes a table option and returns true, or pushes nothing and returns false when it is absent.
    public func pushTable(_ name: String) throws -> Bool {
        guard case .table = option(name).value else { preconditionFailure(misread(name, as: "table")) }
        switch fields.push(name) {
        case LUA_TNIL:
            fl_pop(L, 1)
            try checkNotRequired(name)
            return false
        case LUA_TTABLE: return true
        default:
            defer { fl_pop(L, 1) }
            throw error(name, expected: "table", got: LuaValues.typeName(L, -1))
        }
    }

    private func misread(_ name: String, as kind: String) -> String {
        "\(declaration.function): option '\(name)' is read as a \(kind) but declared as \(option(name).value)"
    }

    private func noDefault(_ name: String) -> String {
        "\(declaration.function): option '\(name)' is read as always present but has no default"
    }
}
