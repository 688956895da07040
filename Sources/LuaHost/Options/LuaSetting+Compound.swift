import CLuaShim
import Render

/// Which elements a per-element style is given for.
public enum LuaStyledElement: String, Sendable {
    /// One value per node.
    case node
    /// One value per edge.
    case edge
}

/// The settings whose Lua value is more than one kind: per-element styles (a constant, a data field's name or a
/// function of the element), a choice also given as a boolean, a name or a record, one name or a list of them.
extension LuaSetting {
    /// A per-element colour: a colour, the name of a data field of the element, or a function of the element.
    public init(_ key: String, _ property: WritableKeyPath<Settings, StyleValue<String>> & Sendable, each element: LuaStyledElement, _ doc: String) {
        option = LuaOption(key, element == .node ? .nodeColour : .edgeColour, default: Self.constant(Settings()[keyPath: property], element), doc)
        write = { settings, reader, elements in
            if let colours = try Self.styles(reader, elements).colours(key) { settings[keyPath: property] = colours }
        }
    }

    /// A per-element colour that may be absent (nil), leaving the colours to the module as `described` says.
    public init(
        _ key: String, _ property: WritableKeyPath<Settings, StyleValue<String>?> & Sendable, each element: LuaStyledElement,
        described: String, _ doc: String
    ) {
        option = LuaOption(key, element == .node ? .nodeColour : .edgeColour, default: .described(described), doc)
        write = { settings, reader, elements in settings[keyPath: property] = try Self.styles(reader, elements).colours(key) }
    }

    /// A per-element number: a number, the name of a numeric data field of the element, or a function of the element.
    public init(_ key: String, _ property: WritableKeyPath<Settings, StyleValue<Double>> & Sendable, each element: LuaStyledElement, _ doc: String) {
        option = LuaOption(key, element == .node ? .nodeNumber : .edgeNumber, default: Self.constant(Settings()[keyPath: property], element), doc)
        write = { settings, reader, elements in
            if let numbers = try Self.styles(reader, elements).numbers(key) { settings[keyPath: property] = numbers }
        }
    }

    /// The nodes a preview labels: a list of ids of nodes of the graph the table is read for, or a count n (the n
    /// nodes of highest degree).
    public init(_ key: String, _ property: WritableKeyPath<Settings, GraphPreview.Labels> & Sendable, _ doc: String) {
        option = LuaOption(key, .custom("a list of node ids, or a count n"), doc)
        write = { settings, reader, elements in
            guard let elements else { preconditionFailure("\(key): node labels are read for a graph's elements") }
            settings[keyPath: property] = try reader.previewLabels(key, of: elements.graph.graph)
        }
    }

    /// A setting that is one of an enumeration's cases, or a boolean naming one of two (`labels = true` for
    /// `"always"`).
    public init<Choice: CaseIterable & RawRepresentable<String> & Sendable>(
        _ key: String, _ property: WritableKeyPath<Settings, Choice> & Sendable, ifTrue: Choice, ifFalse: Choice, _ doc: String
    ) {
        let others = Choice.allCases.map(\.rawValue).filter { $0 != ifTrue.rawValue && $0 != ifFalse.rawValue }
        let accepts = "`true` (`\"\(ifTrue.rawValue)\"`), `false` (`\"\(ifFalse.rawValue)\"`)"
            + (others.isEmpty ? "" : " or " + others.map { "`\"\($0)\"`" }.joined(separator: ", "))
        option = LuaOption(key, .custom(accepts), default: .text(Settings()[keyPath: property].rawValue), doc)
        write = { settings, reader, _ in
            if let choice = try reader.choiceOrBoolean(key, as: Choice.self, ifTrue: ifTrue, ifFalse: ifFalse) { settings[keyPath: property] = choice }
        }
    }

    /// A setting given by one of `names` (each naming a value) or by a table of a record's settings, read against
    /// `record`'s declaration; `make` gives the setting for the record read.
    public init<Record: LuaSettable, Value: Equatable & Sendable>(
        _ key: String, _ property: WritableKeyPath<Settings, Value> & Sendable, names: [(name: String, value: Value)],
        record: LuaSettingsTable<Record>, _ make: @escaping @Sendable (Record) -> Value, _ doc: String
    ) {
        let accepts = names.map { "`\"\($0.name)\"`" }.joined(separator: ", ") + " or `\(Self.shape(of: record))`"
        let fallback = names.first { $0.value == Settings()[keyPath: property] }.map { LuaOption.Default.text($0.name) } ?? .none
        option = LuaOption(key, .custom(accepts), default: fallback, doc)
        let expected = names.map { "\"\($0.name)\"" }.joined(separator: ", ") + " or \(Self.shape(of: record))"
        write = { settings, reader, _ in
            switch try reader.record(key, record, orOneOf: names.map(\.name), expected: expected) {
            case .record(let given)?: settings[keyPath: property] = make(given)
            case .name(let name)?: settings[keyPath: property] = names.first { $0.name == name }!.value
            case nil: break
            }
        }
    }

    /// A setting that is a record of another struct's settings, given as a table read against `record`'s
    /// declaration, or absent (nil).
    public init<Record: LuaSettable>(_ key: String, _ property: WritableKeyPath<Settings, Record?> & Sendable, record: LuaSettingsTable<Record>, _ doc: String) {
        option = LuaOption(key, .table(Self.shape(of: record)), doc)
        write = { settings, reader, _ in
            if case .record(let given)? = try reader.record(key, record, orOneOf: [], expected: "table") { settings[keyPath: property] = given }
        }
    }

    /// A list whose entries are each a table read as `record` declares it, starting from `fresh(i)` at place i, or,
    /// given `named`, a name (`axes = {"a", {name = "b", max = 1}}`) it makes into a record; `expected` names what an
    /// entry must be, `shape` says it for the docs. Empty when absent, which the module takes as `described` says.
    public init<Record: LuaSettable>(
        _ key: String, _ property: WritableKeyPath<Settings, [Record]> & Sendable, _ record: LuaSettingsTable<Record>,
        startingFrom fresh: @escaping @Sendable (Int) -> Record, named: (@Sendable (String) -> Record)? = nil,
        expected: String = "table", shape: String, described: String? = nil, _ doc: String
    ) {
        option = LuaOption(key, .table(shape), default: described.map(LuaOption.Default.described) ?? .none, doc)
        write = { settings, reader, _ in
            guard try reader.pushTable(key) else { return }
            let arguments = reader.fields.arguments, L = arguments.L, argument = reader.fields.argument
            defer { fl_pop(L, 1) }
            let list = LuaTableReader(arguments, tableAt: lua_gettop(L), argument: argument)
            settings[keyPath: property] = try list.elements(of: LuaOption.subject(key, inTable: true)) { type, i in
                switch type {
                case LUA_TSTRING where named != nil: return named!(LuaValues.string(L, -1)!)
                case LUA_TTABLE: return try record.read(LuaTableReader(arguments, tableAt: lua_gettop(L), argument: argument), into: fresh(i))
                default: throw arguments.error(argument, "field '\(key)'[\(i)]: \(expected) expected, got \(LuaValues.typeName(L, -1))")
                }
            }
        }
    }

    /// A setting that is a list of an enumeration's cases, given as one name or a list of names; it holds them in
    /// the cases' order, each once.
    public init<Choice: CaseIterable & RawRepresentable<String> & Equatable>(
        _ key: String, oneOrMore property: WritableKeyPath<Settings, [Choice]> & Sendable, _ doc: String
    ) {
        let names = Choice.allCases.map(\.rawValue)
        let accepts = names.map { "`\"\($0)\"`" }.joined(separator: ", ") + " or `{" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "}`"
        option = LuaOption(key, .custom(accepts), doc)
        write = { settings, reader, _ in
            let given = try reader.oneOrMoreChoices(key, as: Choice.self)
            settings[keyPath: property] = Choice.allCases.filter(given.contains)
        }
    }

    /// A record's shape as the docs and messages write it: `{zoom =, x =, y =}`.
    private static func shape<Record>(of record: LuaSettingsTable<Record>) -> String {
        "{" + record.table.names.map { "\($0) =" }.joined(separator: ", ") + "}"
    }

    /// A style's default as the docs write it: its constant, or "per node" (per edge).
    private static func constant<T>(_ value: StyleValue<T>, _ element: LuaStyledElement) -> LuaOption.Default {
        switch value {
        case .constant(let number as Double): return .number(number)
        case .constant(let text as String): return .text(text)
        default: return .described("per \(element.rawValue)")
        }
    }

    /// The reader of per-element styles for `elements`; a table that declares one is read with the elements it styles.
    private static func styles(_ reader: OptionsReader, _ elements: ElementStyles.Elements?) -> ElementStyles {
        guard let elements else { preconditionFailure("\(reader.declaration.function): a per-element style is read without the graph it styles") }
        return ElementStyles(options: reader, elements: elements)
    }
}
