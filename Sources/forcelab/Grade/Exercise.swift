import CLuaShim
import Foundation
import GraphModel
import LuaHost

/// An exercise file's table, read and checked: its graphs, simulation, other forces, the reference force and the
/// checks. The file runs with its folder as `...`.
struct Exercise {
    /// The exercise's fields; any other is refused.
    static let fields: Set<String> = ["title", "about", "graphs", "ticks", "simulation", "forces", "name", "reference", "recorded", "checks"]
    /// Ticks run when `ticks` is not given.
    static let defaultTicks = 100

    let path: String
    /// The exercise's folder, the base of relative graph file names.
    let folder: String
    let title: String
    let about: String?
    /// The entries of `graphs`.
    let graphs: [LuaReference]
    let ticks: Int
    /// The options table given to `fl.simulation`, or nil.
    let simulation: LuaReference?
    /// `function(sim)` adding the forces other than the one under test, or nil.
    let forces: LuaReference?
    /// The name the force under test is added under.
    let name: String
    /// The reference force: a Lua function, a table form or a built-in force; nil when the exercise gives only its
    /// recorded layouts.
    let reference: LuaReference?
    /// The file `recorded` names (relative to the exercise's folder), which `--record` writes, or nil.
    let recordedPath: String?
    /// The reference's recorded layouts, read when the exercise gives no `reference`.
    let recording: ReferenceRecording?
    let checks: [GradeCheck]
    /// Whether the reference, and so the submission, is a setup table `{setup = function(sim)}` rather than a force.
    let expectsSetup: Bool

    /// What a submission must return, for messages.
    var expected: String {
        expectsSetup ? "a setup table {setup = function(sim) ... end}"
            : "the force: a function(alpha, nodes) or a table {force = function(alpha), initialize = function(nodes)}"
    }

    /// Gives the loaded chunk at `chunk` a globals table of its own that reads through to the state's: what the
    /// exercise defines without `local` (a reference written as a global function) stays out of the submission's
    /// reach, which shares the state.
    private static func giveOwnGlobals(_ L: OpaquePointer, chunk: Int32) {
        fl_newtable(L)
        fl_newtable(L)
        lua_pushstring(L, "__index")
        fl_pushglobaltable(L)
        lua_rawset(L, -3)
        lua_setmetatable(L, -2)
        _ = lua_setupvalue(L, chunk, 1)
    }

    /// Runs the exercise file in `lua` and reads the table it returns.
    init(path: String, lua: LuaState) throws {
        self.path = path
        folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let L = lua.L
        try lua.loadFile(path)
        Exercise.giveOwnGlobals(L, chunk: lua_gettop(L))
        LuaValues.push(L, folder)
        try lua.call(arguments: 1, results: 1)
        defer { fl_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw GradeError.exercise("'\(path)' must return a table {title =, graphs =, reference =, checks =, ...}, got \(LuaValues.typeName(L, -1))")
        }
        let table = lua_gettop(L)
        if let key = OptionsReader.firstUndeclaredKey(L, table: table, declared: Exercise.fields.contains) {
            throw GradeError.exercise("'\(path)': unknown field '\(key)' (fields: \(Exercise.fields.sorted().joined(separator: ", ")))")
        }
        /// The field `key` kept as a reference when it has one of `types`, nil when absent.
        func value(_ key: String, _ types: [Int32], expected: String) throws -> LuaReference? {
            defer { fl_pop(L, 1) }
            let type = fl_rawgetfield(L, table, key)
            if type == LUA_TNIL { return nil }
            guard types.contains(type) else {
                throw GradeError.exercise("'\(path)': field '\(key)' must be \(expected), got \(LuaValues.typeName(L, -1))")
            }
            return LuaReference(L, -1)
        }
        func data(_ key: String) throws -> DataValue {
            defer { fl_pop(L, 1) }
            _ = fl_rawgetfield(L, table, key)
            do {
                return try LuaValues.data(L, -1)
            } catch {
                throw GradeError.exercise("'\(path)': field '\(key)': \(error)")
            }
        }
        guard let title = try data("title").string else { throw GradeError.exercise("'\(path)': field 'title' must be a string") }
        self.title = title
        let about = try data("about")
        guard about == .null || about.string != nil else { throw GradeError.exercise("'\(path)': field 'about' must be a string") }
        self.about = about.string
        let name = try data("name")
        guard name == .null || !(name.string ?? "").isEmpty else { throw GradeError.exercise("'\(path)': field 'name' must be a non-empty string") }
        self.name = name.string ?? "exercise"
        switch try data("ticks") {
        case .null: ticks = Exercise.defaultTicks
        case .number(let count) where count == count.rounded() && (1...100_000).contains(count): ticks = Int(count)
        case let other: throw GradeError.exercise("'\(path)': field 'ticks' must be a whole number from 1 to 100000, got \(other.text)")
        }
        simulation = try value("simulation", [LUA_TTABLE], expected: "a table of fl.simulation options")
        forces = try value("forces", [LUA_TFUNCTION], expected: "a function(sim) adding the other forces")
        let reference = try value("reference", [LUA_TFUNCTION, LUA_TTABLE, LUA_TUSERDATA], expected: "a force")
        let recorded = try data("recorded")
        guard recorded == .null || !(recorded.string ?? "").isEmpty else {
            throw GradeError.exercise("'\(path)': field 'recorded' must be a file name (the reference's layouts, written by forcelab grade --record)")
        }
        let exerciseFolder = folder
        recordedPath = recorded.string.map { $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: exerciseFolder).appendingPathComponent($0).path }
        guard reference != nil || recordedPath != nil else {
            throw GradeError.exercise("'\(path)': field 'reference' must be the model force (a function, a table form or a forcelab force), "
                                      + "or field 'recorded' the file of its recorded layouts")
        }
        self.reference = reference
        guard let graphs = try value("graphs", [LUA_TTABLE], expected: "a list of graphs") else {
            throw GradeError.exercise("'\(path)': field 'graphs' must list the graphs to lay out")
        }
        graphs.push(L)
        if let key = LuaTableReader.firstKeyOutsideList(L, table: lua_gettop(L)) {
            fl_pop(L, 1)
            throw GradeError.exercise("'\(path)': \(LuaTableReader.notInList(key, "field 'graphs'"))")
        }
        let count = Int(lua_rawlen(L, -1))
        self.graphs = (0..<count).map { index in
            lua_rawgeti(L, -1, lua_Integer(index + 1))
            defer { fl_pop(L, 1) }
            return LuaReference(L, -1)
        }
        fl_pop(L, 1)
        guard !self.graphs.isEmpty else { throw GradeError.exercise("'\(path)': field 'graphs' must list at least one graph") }
        let noChecks = GradeError.exercise("'\(path)': field 'checks' must list at least one check {kind = ..., ...}")
        guard fl_rawgetfield(L, table, "checks") == LUA_TTABLE else {
            fl_pop(L, 1)
            throw noChecks
        }
        defer { fl_pop(L, 1) }
        if let key = LuaTableReader.firstKeyOutsideList(L, table: lua_gettop(L)) {
            throw GradeError.exercise("'\(path)': \(LuaTableReader.notInList(key, "field 'checks'"))")
        }
        let checkCount = Int(lua_rawlen(L, -1))
        guard checkCount > 0 else { throw noChecks }
        do {
            self.checks = try (1...checkCount).map { position in
                lua_rawgeti(L, -1, lua_Integer(position))
                defer { fl_pop(L, 1) }
                return try GradeCheck(lua, table: lua_gettop(L), position: position)
            }
        } catch let error as GradeError {
            throw GradeError.exercise("'\(path)': \(error.description)")
        }
        if let reference {
            recording = nil
            reference.push(L)
            expectsSetup = GradeDriver.isSetup(L, at: -1)
            fl_pop(L, 1)
        } else {
            let file = recordedPath!
            if let refusal = lua.fileAccess?.refusal(file, writing: false) {
                throw GradeError.exercise("'\(path)': field 'recorded': \(refusal)")
            }
            let recording = try ReferenceRecording.read(file, title: title, ticks: ticks, graphCount: self.graphs.count)
            self.recording = recording
            expectsSetup = recording.setup
        }
    }
}
