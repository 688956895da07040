import CLuaShim
import Foundation
import GraphModel

/// Reads the fields of an options table passed as argument `argument`, with errors naming the field.
public struct LuaTableReader {
    /// The call whose argument this is.
    public let arguments: LuaArguments
    /// The stack index of the table (absolute); 0 when the argument was absent.
    public let index: Int32
    /// The argument's position, for error messages.
    public let argument: Int32

    /// Wraps argument `n` (a table, or absent when `optional`).
    public init(_ arguments: LuaArguments, _ n: Int32, optional: Bool = false) throws {
        self.arguments = arguments
        argument = n
        if optional {
            index = try arguments.optionalTable(n) ? lua_absindex(arguments.L, n) : 0
        } else {
            try arguments.table(n)
            index = lua_absindex(arguments.L, n)
        }
    }

    /// Wraps a table at an absolute stack index found inside another argument.
    public init(_ arguments: LuaArguments, tableAt index: Int32, argument: Int32) {
        self.arguments = arguments
        self.index = index
        self.argument = argument
    }

    private var L: OpaquePointer { arguments.L }

    /// Pushes `table[name]` (raw) and returns its type; nil is pushed when the table is absent.
    public func push(_ name: String) -> Int32 {
        guard index != 0 else {
            lua_pushnil(L)
            return LUA_TNIL
        }
        LuaValues.push(L, name)
        return lua_rawget(L, index)
    }

    /// The error for a field of the wrong type.
    public func fieldError(_ name: String, expected: String) -> LuaError {
        arguments.error(argument, "field '\(name)': \(expected) expected, got \(LuaValues.typeName(L, -1))")
    }

    /// Whether the field is present (not nil).
    public func has(_ name: String) -> Bool {
        defer { fl_pop(L, 1) }
        return push(name) != LUA_TNIL
    }

    /// A number field, or nil when absent.
    public func number(_ name: String) throws -> Double? {
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return fl_tonumber(L, -1)
        default: throw fieldError(name, expected: "number")
        }
    }

    /// An integer field, or nil when absent.
    public func integer(_ name: String) throws -> Int? {
        guard let value = try number(name) else { return nil }
        guard value == value.rounded(), abs(value) < 9e18 else {
            throw arguments.error(argument, "field '\(name)': number has no integer representation")
        }
        return Int(value)
    }

    /// A string field (numbers are formatted as Lua does), or nil when absent.
    public func string(_ name: String) throws -> String? {
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return LuaValues.string(L, -1)
        case LUA_TNUMBER: return LuaValues.describe(L, -1)
        default: throw fieldError(name, expected: "string")
        }
    }

    /// A boolean field (Lua truthiness), or nil when absent.
    public func boolean(_ name: String) -> Bool? {
        defer { fl_pop(L, 1) }
        return push(name) == LUA_TNIL ? nil : lua_toboolean(L, -1) != 0
    }

    /// A field read as data (tables become objects or arrays; Lua's integers integers, as graph data keeps them).
    public func data(_ name: String) throws -> DataValue? {
        defer { fl_pop(L, 1) }
        guard push(name) != LUA_TNIL else { return nil }
        do {
            return try LuaValues.data(L, -1, integers: true)
        } catch {
            throw arguments.error(argument, "field '\(name)': \(error)")
        }
    }

    /// A table-of-fields field (e.g. `data`), or nil when absent.
    public func fields(_ name: String) throws -> [String: DataValue]? {
        guard let value = try data(name) else { return nil }
        switch value {
        case .object(let fields): return fields
        case .array(let items) where items.isEmpty: return [:]
        default: throw arguments.error(argument, "field '\(name)': table of named fields expected")
        }
    }

    /// The length of the array part (`#t`, raw).
    public var count: Int { index == 0 ? 0 : Int(lua_rawlen(L, index)) }

    /// Pushes element `i` (1-based, raw) and returns its type.
    public func push(at i: Int) -> Int32 {
        lua_rawgeti(L, index, lua_Integer(i))
    }

    /// Maps the elements 1...count: each is pushed on top of the stack while `body` gets its type and position,
    /// and popped after.
    public func elements<T>(_ body: (_ type: Int32, _ position: Int) throws -> T) throws -> [T] {
        guard count > 0 else { return [] }
        return try (1...count).map { i in
            let type = push(at: i)
            defer { fl_pop(L, 1) }
            return try body(type, i)
        }
    }
}
