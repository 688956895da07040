import CLuaShim
import GraphModel
import LuaHost

/// A check an exercise writes in Lua, `check = function(submission, reference)`, run in the grader's own Lua state
/// (never the submission's): per graph it receives the two layouts as read-only tables and returns whether the
/// submission passes, a message and a score from 0 to 1 (by default 1 when it passes, else 0).
final class LuaCheck {
    /// Makes a read-only view of a table, nested tables included: writing to it is an error; `#`, `ipairs` and
    /// `pairs` read through.
    static let readOnlySource = """
        local setmetatable, pairs, next, type, error, tostring = setmetatable, pairs, next, type, error, tostring
        local function readOnly(value)
          if type(value) ~= "table" then return value end
          local shown = {}
          for key, item in pairs(value) do shown[key] = readOnly(item) end
          return setmetatable({}, {
            __index = shown,
            __newindex = function(_, key) error("the layouts a check receives are read-only (tried to set '" .. tostring(key) .. "')", 2) end,
            __len = function() return #shown end,
            __pairs = function() return next, shown, nil end,
            __metatable = false,
          })
        end
        return readOnly
        """

    private let lua: LuaState
    private let function: LuaReference
    private let readOnly: LuaReference
    /// `checks[N]`, for messages.
    private let place: String

    /// Keeps `function`, a check read in `lua`.
    init(lua: LuaState, function: LuaReference, place: String) throws {
        self.lua = lua
        self.function = function
        self.place = place
        try lua.loadString(LuaCheck.readOnlySource, name: "=(grader)")
        try lua.call(results: 1)
        readOnly = LuaReference(lua.L, -1)
        fl_pop(lua.L, 1)
    }

    /// What the check says of one graph.
    struct Judgement {
        let passed: Bool
        let message: String
        let score: Double
    }

    /// Calls the check with the graph's two layouts; an error in it, a result it should not give or a limit it
    /// reached is the exercise's mistake (status 2) or a limit (status 3).
    func judge(_ graph: GradedGraph, ticks: Int, label: String) throws -> Judgement {
        let L = lua.L
        let subject = "the check '\(label)' (\(place)) on \(graph.name)"
        func viewed(_ layout: GradedLayout) throws -> LuaReference {
            try readOnly.call(L, results: 1) {
                LuaValues.push(L, layout.table(graph: graph.name, ticks: ticks))
                return 1
            }
            defer { fl_pop(L, 1) }
            return LuaReference(L, -1)
        }
        do {
            let submission = try viewed(graph.submission), reference = try viewed(graph.reference)
            try function.call(L, results: 3) {
                submission.push(L)
                reference.push(L)
                return 2
            }
        } catch let error as LuaError {
            if let limit = lua.limitReached ?? (error.isMemoryError ? error.message : nil) {
                throw GradeError.limit("\(subject) reached a limit: \(limit)")
            }
            throw GradeError.exercise("\(subject) failed: \(error.message)")
        }
        defer { fl_pop(L, 3) }
        guard lua_type(L, -3) == LUA_TBOOLEAN else {
            throw GradeError.exercise("\(subject) must return passed (a boolean), a message and a score; it returned \(LuaValues.typeName(L, -3))")
        }
        let passed = lua_toboolean(L, -3) != 0
        guard lua_type(L, -2) == LUA_TNIL || lua_type(L, -2) == LUA_TSTRING else {
            throw GradeError.exercise("\(subject): its message must be a string, got \(LuaValues.typeName(L, -2))")
        }
        let message = ControlText.escaped(LuaValues.string(L, -2) ?? "")
        var score = passed ? 1.0 : 0
        if lua_type(L, -1) != LUA_TNIL {
            guard lua_type(L, -1) == LUA_TNUMBER, let value = LuaValues.number(L, -1), (0...1).contains(value) else {
                throw GradeError.exercise("\(subject): its score must be a number from 0 to 1, got \(LuaValues.describe(L, -1))")
            }
            score = value
        }
        return Judgement(passed: passed, message: message, score: score)
    }
}
