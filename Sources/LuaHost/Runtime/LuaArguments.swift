import CLuaShim
import GraphModel

/// Reads the arguments of a binding call and reports bad ones the way Lua's own functions do.
public struct LuaArguments {
    /// The state the call runs in.
    public let L: OpaquePointer
    /// The name given for a function outside the declared API (a metamethod, a hook), or nil.
    private let undeclaredName: String?

    /// Wraps the arguments of a call: of the API function running, or of a function outside the API, `function`.
    public init(_ L: OpaquePointer, function: String? = nil) {
        self.L = L
        undeclaredName = function
    }

    /// The function's name as messages give it: the API's declared name of the function running (`fl.svg.graph`,
    /// `g:addNode`, `LuaCallNames`), or the name given for one outside the API.
    public var function: String { undeclaredName ?? LuaCallNames.running(L) ?? "?" }

    /// The number of arguments passed.
    public var count: Int32 { lua_gettop(L) }

    /// Whether argument `n` is absent or nil.
    public func isNil(_ n: Int32) -> Bool { fl_isnoneornil(L, n) != 0 }

    /// Leaves argument 1 as the call's only result: the receiver, for chained calls (`sim:stop():restart()`), or
    /// the path a writer was given.
    public func returningFirst() -> Int32 {
        lua_settop(L, 1)
        return 1
    }

    /// `bad argument #n to 'function' (message)`, numbered as Lua does (self is not counted in a method call).
    public func error(_ n: Int32, _ message: String) -> LuaError {
        var position = n
        if fl_called_as_method(L) != 0 {
            position -= 1
            if position == 0 { return LuaError("calling '\(function)' on bad self (\(message))") }
        }
        return LuaError("bad argument #\(position) to '\(function)' (\(message))")
    }

    /// The error for a value of the wrong type.
    public func typeError(_ n: Int32, expected: String) -> LuaError {
        let got = lua_type(L, n) == LUA_TNONE ? "no value" : LuaValues.typeName(L, n)
        return error(n, "\(expected) expected, got \(got)")
    }

    /// Argument `n` as a number.
    public func number(_ n: Int32) throws -> Double {
        guard let value = LuaValues.number(L, n) else { throw typeError(n, expected: "number") }
        return value
    }

    /// Argument `n` as a number, or `fallback` when it is nil or absent.
    public func number(_ n: Int32, default fallback: Double) throws -> Double {
        isNil(n) ? fallback : try number(n)
    }

    /// Argument `n` as a finite number.
    public func finiteNumber(_ n: Int32) throws -> Double {
        let value = try number(n)
        guard value.isFinite else { throw error(n, "a finite number expected, got \(LuaOption.format(value))") }
        return value
    }

    /// Argument `n` as a number within `range`.
    public func number(_ n: Int32, in range: ClosedRange<Double>) throws -> Double {
        let value = try number(n)
        guard range.contains(value) else {
            throw error(n, "a number from \(LuaOption.format(range.lowerBound)) to \(LuaOption.format(range.upperBound)) expected, got \(LuaOption.format(value))")
        }
        return value
    }

    /// Argument `n` as an integer (a float with an exact integer value is accepted, as in Lua).
    public func integer(_ n: Int32) throws -> Int {
        let value = try number(n)
        guard value == value.rounded(), abs(value) < 9.0e18 else { throw error(n, "number has no integer representation") }
        return Int(value)
    }

    /// Argument `n` as an integer, or `fallback` when it is nil or absent.
    public func integer(_ n: Int32, default fallback: Int) throws -> Int {
        isNil(n) ? fallback : try integer(n)
    }

    /// Argument `n` as a string (numbers are accepted and formatted, as Lua does).
    public func string(_ n: Int32) throws -> String {
        if let text = LuaValues.string(L, n) { return text }
        if lua_type(L, n) == LUA_TNUMBER { return LuaValues.describe(L, n) }
        throw typeError(n, expected: "string")
    }

    /// Argument `n` as a file path: a string whose bytes are valid UTF-8 (a path that is not is refused, as the
    /// sandbox's `io.open` refuses it, rather than written to a name with U+FFFD in place of its bytes).
    public func path(_ n: Int32) throws -> String {
        guard lua_type(L, n) == LUA_TSTRING else { return try string(n) }
        var length = 0
        let bytes = UnsafeRawBufferPointer(start: lua_tolstring(L, n, &length), count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw error(n, "the path '\(String(decoding: bytes, as: UTF8.self))' is not valid UTF-8")
        }
        return text
    }

    /// Argument `n` as a string, or nil when it is nil or absent.
    public func optionalString(_ n: Int32) throws -> String? {
        isNil(n) ? nil : try string(n)
    }

    /// Argument `n` as a boolean (Lua truthiness).
    public func boolean(_ n: Int32) -> Bool { lua_toboolean(L, n) != 0 }

    /// Checks that argument `n` is a table.
    public func table(_ n: Int32) throws {
        guard lua_type(L, n) == LUA_TTABLE else { throw typeError(n, expected: "table") }
    }

    /// Checks that argument `n` is a table or absent; returns whether it is present.
    public func optionalTable(_ n: Int32) throws -> Bool {
        if isNil(n) { return false }
        try table(n)
        return true
    }

    /// Checks that argument `n` is a function.
    public func function(_ n: Int32) throws {
        guard lua_type(L, n) == LUA_TFUNCTION else { throw typeError(n, expected: "function") }
    }

    /// Argument `n` as one of `choices`; another is refused in the stock `luaL_checkoption`'s words, with the
    /// choice it most likely meant (or the choices).
    public func option(_ n: Int32, _ choices: [String], default fallback: String? = nil) throws -> String {
        if isNil(n), let fallback { return fallback }
        let value = try string(n)
        guard choices.contains(value) else {
            let hint = LuaOptionTable.nearest(to: value, among: choices).map { "did you mean '\($0)'?" } ?? choices.joined(separator: ", ")
            throw error(n, "invalid option '\(value)' (\(hint))")
        }
        return value
    }

    /// Argument `n` as a forcelab object of type `T` (a userdata made by `LuaObject.push`).
    public func object<T: AnyObject>(_ n: Int32, _ type: T.Type, name: String) throws -> T {
        guard let object = LuaObject.get(L, n, type) else { throw typeError(n, expected: name) }
        return object
    }
}
