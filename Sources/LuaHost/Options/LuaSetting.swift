import CLuaShim
import DataTables
import ForceSimulation
import GraphModel
import GraphLayout
import LiveServer
import Render

/// A pure module's settings struct as Lua options read it: `init()` gives every default, `range(of:)` the range of
/// each numeric setting (nil: any finite number, or no number).
public protocol LuaSettable {
    /// Every setting at its default.
    init()
    /// The range a numeric setting must lie in.
    static func range(of setting: PartialKeyPath<Self>) -> ClosedRange<Double>?
}

/// Settings whose ranges are a table, setting by setting (LuaHost's own: `g:show`'s and `sim:run`'s): `range(of:)`
/// looks the setting up in it.
public protocol LuaRangeTable: LuaSettable {
    /// The range of each numeric setting; a setting not listed has none.
    static var ranges: [PartialKeyPath<Self>: ClosedRange<Double>] { get }
}

extension LuaRangeTable {
    /// The setting's range in `ranges`.
    public static func range(of setting: PartialKeyPath<Self>) -> ClosedRange<Double>? { ranges[setting] }
}

extension SimulationSettings: LuaSettable {}
extension StressOptions: LuaSettable {}
extension MultilevelOptions: LuaSettable {}
extension LayeredOptions: LuaSettable {}
extension Radar: LuaSettable {}
extension Radar.Options: LuaSettable {}
extension Plot: LuaSettable {}
extension Plot.Options: LuaSettable {}
extension Radar.Axis: LuaSettable {}
extension Radar.Series: LuaSettable {}
extension Plot.Series: LuaSettable {}
extension Plot.IntervalBounds: LuaSettable {}
extension GraphSVGOptions: LuaSettable {}
extension PictureViewport: LuaSettable {}
extension LayoutExplanationRequest: LuaSettable {}
extension LayoutExplanationRequest.Cells: LuaSettable {}
extension LiveSettings: LuaSettable {}
extension Metrics.Options: LuaSettable {}
extension Replay.Options: LuaSettable {}
extension LayoutRecording.Settings: LuaSettable {}
extension DataTableFile.Settings: LuaSettable {}
extension GraphFileSettings: LuaSettable {}
extension Graph.Settings: LuaSettable {}
extension Node: LuaSettable {}
extension NodeAddition: LuaSettable {}
extension RestoredElement: LuaSettable where Element: LuaSettable {
    /// The element's defaults, at no former place.
    public init() { self.init(Element()) }
}
extension EdgeAddition: LuaSettable {}
extension Handle: LuaSettable {}
extension Point: LuaSettable {}
extension NodeChange.Size: LuaSettable {}
extension ChangeFields: LuaSettable {}
extension Graph.ComponentSettings: LuaSettable {}
extension Graph.CoreSettings: LuaSettable {}
extension Graph.CommunitySettings: LuaSettable {}
extension Graph.Deletion: LuaSettable {}

extension GeneratorParameters: LuaSettable {
    /// None: a parameter's range depends on the kind (`GraphGenerator.parameters`), and its option says it.
    public static func range(of setting: PartialKeyPath<GeneratorParameters>) -> ClosedRange<Double>? { nil }
}

/// One Lua option bound to a setting: the Lua key, the property by key path and one line of doc. Its kind comes
/// from the property's type, its default from the struct's `init()` and its range from `range(of:)`, never
/// restated; a misspelt property does not compile.
public struct LuaSetting<Settings: LuaSettable>: Sendable {
    /// The option as the reader checks it and the docs and `forcelab --api` show it.
    public let option: LuaOption
    /// Writes the option's value, read and checked, into the settings; a per-element style calls its functions for
    /// the elements given.
    let write: @Sendable (inout Settings, OptionsReader, ElementStyles.Elements?) throws -> Void

    /// A number setting: its default is the struct's, or what the module fills in as `described` says.
    public init(_ key: String, _ property: WritableKeyPath<Settings, Double> & Sendable, described: String? = nil, _ doc: String) {
        let range = Settings.range(of: property) ?? LuaOption.finite
        option = described.map { .number(key, described: $0, in: range, doc) } ?? .number(key, default: Settings()[keyPath: property], in: range, doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalNumber(key) ?? settings[keyPath: property] }
    }

    /// A whole-number setting.
    public init(_ key: String, _ property: WritableKeyPath<Settings, Int> & Sendable, _ doc: String) {
        option = .integer(key, default: Settings()[keyPath: property], in: Self.integers(Settings.range(of: property)), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.integer(key) }
    }

    /// A whole-number setting held as a `UInt32` (a seed).
    public init(_ key: String, _ property: WritableKeyPath<Settings, UInt32> & Sendable, _ doc: String) {
        let range = Self.integers(Settings.range(of: property) ?? 0...Double(UInt32.max))
        option = .integer(key, default: Int(Settings()[keyPath: property]), in: range, doc)
        write = { settings, reader, _ in settings[keyPath: property] = UInt32(try reader.integer(key)) }
    }

    /// A whole-number setting that may be absent (nil): then the module does without it, or fills it in when it
    /// runs as `described` says.
    public init(_ key: String, _ property: WritableKeyPath<Settings, Int?> & Sendable, described: String? = nil, _ doc: String) {
        let range = Self.integers(Settings.range(of: property))
        option = described.map { .integer(key, described: $0, in: range, doc) } ?? .integer(key, in: range, doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalInteger(key) }
    }

    /// A number setting that may be absent (nil): then the module does without it, or fills it in when it runs as
    /// `described` says.
    public init(_ key: String, _ property: WritableKeyPath<Settings, Double?> & Sendable, described: String? = nil, _ doc: String) {
        let range = Settings.range(of: property) ?? LuaOption.finite
        option = described.map { .number(key, described: $0, in: range, doc) } ?? .number(key, in: range, doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalNumber(key) }
    }

    /// A string setting: its default is the struct's, or what the reader fills in as `described` says.
    public init(_ key: String, _ property: WritableKeyPath<Settings, String> & Sendable, described: String? = nil, _ doc: String) {
        option = described.map { .string(key, described: $0, doc) } ?? .string(key, default: Settings()[keyPath: property], doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalString(key) ?? settings[keyPath: property] }
    }

    /// Another name of the string setting `original` declares (`color` for `colour`): the same value; a table that
    /// gives both names is refused, naming both.
    public init(_ key: String, alias original: LuaSetting, _ property: WritableKeyPath<Settings, String?> & Sendable) {
        option = LuaOption(key, original.option.value, default: original.option.default, "the same as `\(original.option.name)`")
        let name = original.option.name
        write = { settings, reader, _ in
            if reader.has(name) {
                let both = "\(LuaOption.subject(name, inTable: true)) and \(LuaOption.subject(key, inTable: true))"
                throw reader.fields.arguments.error(reader.fields.argument, "\(both) name one setting: give one of them")
            }
            settings[keyPath: property] = try reader.optionalString(key)
        }
    }

    /// A list of numbers (`shape` says what, for the docs), of `counts` numbers when given, each finite when
    /// `finite`; its default is the struct's, or what the reader fills in as `described` says.
    public init(
        _ key: String, _ property: WritableKeyPath<Settings, [Double]> & Sendable, shape: String = "{number, ...}",
        counts: ClosedRange<Int>? = nil, finite: Bool = false, described: String? = nil, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), default: described.map(LuaOption.Default.described) ?? .none, doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.numbers(key, counts: counts, finite: finite) }
    }

    /// A list of numbers that may be absent (nil), as `init(_:_:shape:counts:finite:described:_:)` reads one.
    public init(
        _ key: String, _ property: WritableKeyPath<Settings, [Double]?> & Sendable, shape: String = "{number, ...}",
        counts: ClosedRange<Int>? = nil, finite: Bool = false, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.numbers(key, counts: counts, finite: finite) }
    }

    /// A table of named data fields (`{name = value, ...}`), empty when absent.
    public init(_ key: String, _ property: WritableKeyPath<Settings, [String: DataValue]> & Sendable, _ doc: String) {
        option = LuaOption(key, .table("{name = value, ...}"), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.dataFields(key) ?? [:] }
    }

    /// A list of tables, each read as `record` declares it (`shape` for the docs); empty when absent.
    public init<Record: LuaSettable>(
        _ key: String, _ property: WritableKeyPath<Settings, [Record]> & Sendable, _ record: LuaSettingsTable<Record>, shape: String,
        _ doc: String
    ) {
        option = LuaOption(key, .table(shape), doc)
        write = { settings, reader, _ in
            guard try reader.pushTable(key) else { return }
            let arguments = reader.fields.arguments, L = arguments.L
            defer { fl_pop(L, 1) }
            settings[keyPath: property] = try LuaTableReader(arguments, tableAt: lua_gettop(L), argument: reader.fields.argument).elements(of: LuaOption.subject(key, inTable: true)) { type, i in
                guard type == LUA_TTABLE else {
                    throw arguments.error(reader.fields.argument, "field '\(key)'[\(i)]: table expected, got \(LuaValues.typeName(L, -1))")
                }
                return try record.read(LuaTableReader(arguments, tableAt: lua_gettop(L), argument: reader.fields.argument))
            }
        }
    }

    /// A string setting that may be off (nil): its default is the struct's, or what the module fills in as
    /// `described` says.
    public init(_ key: String, _ property: WritableKeyPath<Settings, String?> & Sendable, described: String? = nil, _ doc: String) {
        option = described.map { .string(key, described: $0, doc) } ?? .string(key, default: Settings()[keyPath: property], doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalString(key) }
    }

    /// A boolean setting.
    public init(_ key: String, _ property: WritableKeyPath<Settings, Bool> & Sendable, _ doc: String) {
        option = .boolean(key, default: Settings()[keyPath: property], doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.boolean(key) }
    }

    /// A Lua function the settings keep (a callback), called as `signature` shows; absent: nil.
    public init(_ key: String, _ property: WritableKeyPath<Settings, LuaReference?> & Sendable, function signature: String, _ doc: String) {
        option = LuaOption(key, .function(signature), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.function(key) }
    }

    /// A boolean setting that may be absent (nil).
    public init(_ key: String, _ property: WritableKeyPath<Settings, Bool?> & Sendable, _ doc: String) {
        option = .boolean(key, doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalBoolean(key) }
    }

    /// A setting that is one of an enumeration's cases, named by their raw values.
    public init<Choice: CaseIterable & RawRepresentable<String>>(
        _ key: String, _ property: WritableKeyPath<Settings, Choice> & Sendable, _ doc: String
    ) {
        option = .choice(key, Choice.self, default: Settings()[keyPath: property], doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.choice(key, as: Choice.self) }
    }

    /// A setting that is one of an enumeration's cases or off (nil): its default is the struct's, or what the
    /// module fills in as `described` says.
    public init<Choice: CaseIterable & RawRepresentable<String>>(
        _ key: String, _ property: WritableKeyPath<Settings, Choice?> & Sendable, described: String? = nil, _ doc: String
    ) {
        option = described.map { LuaOption(key, .choice(Choice.allCases.map(\.rawValue)), default: .described($0), doc) }
            ?? .choice(key, Choice.self, default: Settings()[keyPath: property], doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalChoice(key, as: Choice.self) }
    }

    /// A setting given by one of `names`, each naming a value by `value` (for a type whose cases are not all named,
    /// such as a format choice whose default is "from the extension", as `described` says).
    public init<Value>(
        _ key: String, _ property: WritableKeyPath<Settings, Value> & Sendable, names: [String],
        _ value: @escaping @Sendable (String) -> Value?, described: String, _ doc: String
    ) {
        option = LuaOption(key, .choice(names), default: .described(described), doc)
        write = { settings, reader, _ in
            guard let name = try reader.optionalString(key) else { return }
            guard let chosen = value(name) else { preconditionFailure("\(key): '\(name)' is declared but names no value") }
            settings[keyPath: property] = chosen
        }
    }

    /// A list of strings (`shape` says what, for the docs), or nil (absent) as `described` says.
    public init(
        _ key: String, _ property: WritableKeyPath<Settings, [String]?> & Sendable, shape: String, described: String, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), default: .described(described), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalStrings(key) }
    }

    /// A setting that is a set of an enumeration's cases, given as a list of their names; absent (nil) means what
    /// `described` says.
    public init<Choice: CaseIterable & RawRepresentable<String> & Hashable>(
        _ key: String, _ property: WritableKeyPath<Settings, Set<Choice>?> & Sendable, described: String, _ doc: String
    ) {
        option = LuaOption(key, .choices(Choice.allCases.map(\.rawValue)), default: .described(described), doc)
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalChoices(key, as: Choice.self).map(Set.init) }
    }

    /// A setting held as another type but given as one of an enumeration's cases (a palette's colours, by its
    /// name): `value` gives the setting for a case, `named` the case of the default.
    public init<Choice: CaseIterable & RawRepresentable<String>, Value>(
        _ key: String, _ property: WritableKeyPath<Settings, Value> & Sendable, as choice: Choice.Type,
        _ value: @escaping @Sendable (Choice) -> Value, named: (Value) -> Choice?, _ doc: String
    ) {
        option = .choice(key, Choice.self, default: named(Settings()[keyPath: property]), doc)
        write = { settings, reader, _ in settings[keyPath: property] = value(try reader.choice(key, as: Choice.self)) }
    }

    /// A whole number whose declaration (`option`: kind, range, default) its module makes per use, as a
    /// generator's parameters depend on the kind, written through `property`.
    public init(declared option: LuaOption, _ property: WritableKeyPath<Settings, Int?> & Sendable) {
        self.option = option
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalInteger(option.name) }
    }

    /// A number declared by its module per use (as `init(declared:_:)` for a whole number).
    public init(declared option: LuaOption, _ property: WritableKeyPath<Settings, Double?> & Sendable) {
        self.option = option
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalNumber(option.name) }
    }

    /// A seed declared by its module per use (as `init(declared:_:)` for a whole number).
    public init(declared option: LuaOption, _ property: WritableKeyPath<Settings, UInt32?> & Sendable) {
        self.option = option
        write = { settings, reader, _ in settings[keyPath: property] = try reader.optionalInteger(option.name).map(UInt32.init) }
    }

    /// A table nested in this one, read as `record` declares it (`shape` for the docs) and made into the setting by
    /// `value` from it and the settings read before it; nil from `value` is refused as not `expected`.
    public init<Record: LuaSettable, Value>(
        _ key: String, _ property: WritableKeyPath<Settings, Value?> & Sendable, _ record: LuaSettingsTable<Record>, shape: String,
        expected: String, _ value: @escaping @Sendable (Record, Settings) -> Value?, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), doc)
        write = { settings, reader, _ in
            guard try reader.pushTable(key) else { return }
            let arguments = reader.fields.arguments
            defer { fl_pop(arguments.L, 1) }
            let fields = try record.read(LuaTableReader(arguments, tableAt: lua_gettop(arguments.L), argument: reader.fields.argument))
            guard let made = value(fields, settings) else { throw arguments.error(reader.fields.argument, "field '\(key)': \(expected) expected") }
            settings[keyPath: property] = made
        }
    }

    /// The setting as a table must give it: absent, it is refused.
    public func required() -> LuaSetting {
        LuaSetting(LuaOption(option.name, option.value, default: .required, option.doc), write)
    }

    /// The string setting taking a number too, as its text (an id, a label: `id = 1` is `"1"`); a string setting
    /// not so declared refuses a number.
    public func takingNumbers() -> LuaSetting {
        guard case .string = option.value else { preconditionFailure("\(option.name): only a string setting takes a number as its text") }
        return LuaSetting(LuaOption(option.name, .stringOrNumber, default: option.default, option.doc), write)
    }

    private init(_ option: LuaOption, _ write: @escaping @Sendable (inout Settings, OptionsReader, ElementStyles.Elements?) throws -> Void) {
        self.option = option
        self.write = write
    }

    /// A setting of one part of the settings (`\.node` of a `NodeAddition`): the part's option, written into the part.
    public init<Part: LuaSettable>(_ setting: LuaSetting<Part>, of part: WritableKeyPath<Settings, Part> & Sendable) {
        option = setting.option
        let writePart = setting.write
        write = { settings, reader, elements in try writePart(&settings[keyPath: part], reader, elements) }
    }

    /// An option of the same table that the binding reads itself (a table of series, a recording): declared here
    /// so the table is whole, written into no setting.
    public init(readByTheBinding option: LuaOption) {
        self.option = option
        write = { _, _, _ in }
    }

    /// A numeric range as whole numbers (none: every whole number).
    private static func integers(_ range: ClosedRange<Double>?) -> ClosedRange<Int> {
        guard let range else { return LuaOption.anyInteger }
        let bound = { (value: Double) in value >= Double(Int.max) ? Int.max : value <= Double(Int.min) ? Int.min : Int(value) }
        return bound(range.lowerBound)...bound(range.upperBound)
    }
}

/// The options table of a function whose options are settings of one struct: the declaration, and the one reader
/// that refuses unknown keys with the nearest name, checks kinds and ranges and writes through the key paths.
public struct LuaSettingsTable<Settings: LuaSettable>: Sendable {
    /// The declaration (for the docs, `forcelab --api` and the option checks).
    public let table: LuaOptionTable
    /// The settings, in the docs' order.
    let settings: [LuaSetting<Settings>]

    /// Declares the options of `function` (the fields of a record, as messages name them, when `record`), and after
    /// them `others` it takes too, read by other settings tables (`fl.live` takes `fl.svg.graph`'s styles).
    public init(_ function: String, record: Bool = false, _ settings: [LuaSetting<Settings>], alsoTaking others: [LuaOption] = []) {
        table = LuaOptionTable(function, record: record, settings.map(\.option) + others)
        self.settings = settings
    }

    /// `settings` with the options of argument `n` (a table, or absent) written in.
    public func read(_ arguments: LuaArguments, _ n: Int32, into settings: Settings = Settings()) throws -> Settings {
        try read(OptionsReader(arguments, n, table), into: settings)
    }

    /// `settings` with the fields of a table found inside an argument (a record, an entry of a list) written in.
    public func read(_ fields: LuaTableReader, into settings: Settings = Settings()) throws -> Settings {
        try read(OptionsReader(fields, table), into: settings)
    }

    /// `settings` with the options `reader` holds written in: a reader of `table`, made by a binding that reads some
    /// options itself, or of a table that takes some of these options (`fl.live` takes `fl.svg.graph`'s styles), whose
    /// declared ones are read.
    public func read(_ reader: OptionsReader, into settings: Settings = Settings()) throws -> Settings {
        try read(reader, into: settings, styling: nil)
    }

    /// `settings` with the options `reader` holds written in, a per-element style's function called for each node
    /// or edge of `elements`.
    func read(_ reader: OptionsReader, into settings: Settings = Settings(), styling elements: ElementStyles.Elements?) throws -> Settings {
        var result = settings
        for setting in self.settings where reader.declaration.option(setting.option.name) != nil {
            if reader.has(setting.option.name) {
                try setting.write(&result, reader, elements)
            } else {
                try reader.checkNotRequired(setting.option.name)
            }
        }
        return result
    }
}
