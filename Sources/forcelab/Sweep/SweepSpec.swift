import CLuaShim
import DataTables
import Foundation
import GraphModel
import LuaHost

/// A sweep specification: a Lua file returning `{grid =, cases =, seeds =, run = function(case) ... end}`,
/// loaded in its own state.
final class SweepSpec {
    /// The spec's fields; any other is refused.
    static let fields: Set<String> = ["grid", "cases", "seeds", "run"]

    private let lua: LuaState
    private let path: String
    private let table: Int32

    /// Runs the file with `arguments` as `...` and `arg`, and checks the table it returns; `fileUse`, when given,
    /// is told of every file the spec reads or writes from then on (`FileUseHooks`).
    init(path: String, arguments: [String], memoryLimit: Int, fileUse: (@Sendable (String, Bool) -> Void)? = nil) throws {
        self.path = path
        lua = try LuaState(memoryLimit: memoryLimit)
        try lua.setModuleGlobal()
        if let fileUse { try FileUseHooks.install(in: lua, fileUse) }
        let L = lua.L
        lua.setGlobalArray("arg", [path] + arguments, firstIndex: 0)
        lua.prependModuleFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try lua.loadFile(path)
        for argument in arguments { LuaValues.push(L, argument) }
        try lua.call(arguments: Int32(arguments.count), results: 1)
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw SweepError("'\(path)' must return a table {grid =, cases =, seeds =, run =}, got \(LuaValues.typeName(L, -1))")
        }
        table = lua_gettop(L)
        if let key = OptionsReader.firstUndeclaredKey(L, table: table, declared: SweepSpec.fields.contains) {
            throw SweepError("'\(path)': unknown field '\(key)' in the spec (fields: \(SweepSpec.fields.sorted().joined(separator: ", ")))")
        }
        defer { fl_pop(L, 1) }
        guard fl_rawgetfield(L, table, "run") == LUA_TFUNCTION else {
            throw SweepError("'\(path)': field 'run' must be a function(case) returning a table of figures, got \(LuaValues.typeName(L, -1))")
        }
    }

    /// A spec field read as data (nil when absent).
    private func field(_ name: String) throws -> DataValue? {
        let L = lua.L
        defer { fl_pop(L, 1) }
        guard fl_rawgetfield(L, table, name) != LUA_TNIL else { return nil }
        do {
            return try LuaValues.data(L, -1, exactText: true)
        } catch {
            throw SweepError("'\(path)': field '\(name)': \(error)")
        }
    }

    /// A number, string or boolean as JSON; nil for anything else.
    static func scalar(_ value: DataValue) -> JSONValue? {
        switch value {
        case .number(let number) where number.isFinite: return .number(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        default: return nil
        }
    }

    /// Every case: each configuration (the grid's product, each combined with each listed case) with each seed.
    func cases() throws -> [SweepCase] {
        var configurations: [[JSONField]] = [[]]
        if let grid = try field("grid") {
            guard case .object(let axes) = grid else { throw SweepError("'\(path)': field 'grid' must be a table {name = {values...}}") }
            for name in axes.keys.sorted() {
                let values: [DataValue]
                if case .array(let items) = axes[name]! { values = items } else { values = [axes[name]!] }
                let scalars = values.compactMap(SweepSpec.scalar)
                guard !values.isEmpty, scalars.count == values.count else {
                    throw SweepError("'\(path)': grid '\(name)' must list one or more values, each a finite number, a string or a boolean")
                }
                configurations = configurations.flatMap { base in scalars.map { base + [JSONField(name, $0)] } }
            }
        }
        if let listed = try field("cases") {
            guard case .array(let items) = listed, !items.isEmpty else {
                throw SweepError("'\(path)': field 'cases' must be a list of tables {name = value, ...}")
            }
            let entries = try items.enumerated().map { offset, item -> [JSONField] in
                guard case .object(let fields) = item else { throw SweepError("'\(path)': cases[\(offset + 1)] must be a table of named parameters") }
                return try fields.keys.sorted().map { name in
                    guard let value = SweepSpec.scalar(fields[name]!) else {
                        throw SweepError("'\(path)': cases[\(offset + 1)].\(name) must be a number, a string or a boolean")
                    }
                    if configurations[0].contains(where: { $0.key == name }) {
                        throw SweepError("'\(path)': cases[\(offset + 1)].\(name) is also a grid parameter")
                    }
                    return JSONField(name, value)
                }
            }
            configurations = configurations.flatMap { base in entries.map { base + $0 } }
        }
        if configurations[0].contains(where: { $0.key == "seed" }) {
            throw SweepError("'\(path)': 'seed' cannot be a parameter; give the seeds in field 'seeds'")
        }
        var seen = Set<String>()
        for configuration in configurations where !seen.insert(JSONValue.object(configuration.sorted { $0.key < $1.key }).text).inserted {
            throw SweepError("'\(path)': the configuration \(JSONValue.object(configuration).text) comes twice; each case must be different")
        }
        let seeds = try self.seeds()
        return configurations.flatMap { parameters in seeds.map { SweepCase(parameters: parameters, seed: $0) } }
    }

    /// `seeds = n` (1 to n) or a list of distinct integers; one seed, 1, when absent.
    private func seeds() throws -> [Int] {
        let whole = { (value: DataValue) -> Int? in
            guard let number = value.number, number == number.rounded(), abs(number) < 1e15 else { return nil }
            return Int(number)
        }
        switch try field("seeds") {
        case nil: return [1]
        case let value? where whole(value) != nil:
            guard let count = whole(value), (1...1_000_000).contains(count) else {
                throw SweepError("'\(path)': field 'seeds' as a count must be from 1 to 1000000")
            }
            return Array(1...count)
        case .array(let items)? where !items.isEmpty:
            let seeds = items.compactMap(whole)
            guard seeds.count == items.count, Set(seeds).count == seeds.count else {
                throw SweepError("'\(path)': field 'seeds' must list distinct integers")
            }
            return seeds
        default: throw SweepError("'\(path)': field 'seeds' must be a count or a list of integers")
        }
    }

    /// The engine settings the spec's simulations were made or set with since they were last taken.
    var engineUse: EngineUse { lua.engineUse }

    /// Calls `run(case)` (the case's parameters and `seed` in one table) and returns its figures sorted by name.
    func run(_ sweepCase: SweepCase) throws -> [JSONField] {
        let L = lua.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = fl_rawgetfield(L, table, "run")
        var fields = Dictionary(uniqueKeysWithValues: sweepCase.parameters.map { ($0.key, SweepSpec.data($0.value)) })
        fields["seed"] = .number(Double(sweepCase.seed))
        LuaValues.push(L, DataValue.object(fields))
        try lua.call(arguments: 1, results: 1)
        if lua_type(L, -1) == LUA_TTABLE, let (name, value) = LuaTableNumbers.inexactInteger(L, table: lua_gettop(L)) {
            throw SweepError("run returned figure '\(name)' = \(value), an integer with more digits than a record's number holds exactly")
        }
        let result: DataValue
        do {
            result = try LuaValues.data(L, -1, exactText: true)
        } catch {
            throw SweepError("run returned figures that cannot be read: \(error)")
        }
        switch result {
        case .array(let items) where items.isEmpty: return []
        case .object(let figures):
            return try figures.keys.sorted().map { name in
                guard let value = SweepSpec.scalar(figures[name]!) else {
                    throw SweepError("run returned figure '\(name)' = \(figures[name]!.text); figures must be finite numbers, strings or booleans")
                }
                return JSONField(name, value)
            }
        default: throw SweepError("run must return a table of named figures, got \(LuaValues.typeName(L, -1))")
        }
    }

    /// A parameter value as Lua data.
    private static func data(_ value: JSONValue) -> DataValue {
        switch value {
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        default: return .null
        }
    }
}
