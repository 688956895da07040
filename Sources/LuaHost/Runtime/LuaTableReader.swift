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

    /// A string field, or nil when absent; a number is refused, or taken as its text (as `tostring` writes it)
    /// when `numbers`.
    public func string(_ name: String, numbers: Bool) throws -> String? {
        defer { fl_pop(L, 1) }
        switch push(name) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return LuaValues.string(L, -1)
        case LUA_TNUMBER where numbers: return LuaValues.describe(L, -1)
        default: throw fieldError(name, expected: numbers ? "string or number" : "string")
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
    /// and popped after. A key outside the list (a name, a place past its end) is refused: `list` names the list
    /// in the message (`field 'handles'`), nil when it is the argument itself.
    public func elements<T>(of list: String?, _ body: (_ type: Int32, _ position: Int) throws -> T) throws -> [T] {
        if index != 0, let key = Self.firstKeyOutsideList(L, table: index) {
            throw arguments.error(argument, Self.notInList(key, list))
        }
        guard count > 0 else { return [] }
        return try (1...count).map { i in
            let type = push(at: i)
            defer { fl_pop(L, 1) }
            return try body(type, i)
        }
    }

    /// The first key (in Lua's traversal order) of the table at `table` that is not one of its list's places
    /// 1...#table, described as `firstKey` describes it, or nil: the one check that a list is only a list.
    public static func firstKeyOutsideList(_ L: OpaquePointer, table: Int32) -> String? {
        let count = lua_Integer(lua_rawlen(L, table))
        return firstKey(L, table: table) { lua_isinteger(L, -1) != 0 && 1 <= lua_tointegerx(L, -1, nil) && lua_tointegerx(L, -1, nil) <= count }
    }

    /// The message for `key` found in a list that holds nothing but its elements (`list` names it, as
    /// `elements(of:_:)` takes it).
    public static func notInList(_ key: String, _ list: String?) -> String {
        (list.map { "\($0): " } ?? "") + "key '\(key)' is not part of the list"
    }

    /// The first key (in Lua's traversal order) of the table at `table` that `accepted` refuses (it sees the key on
    /// top of the stack), described as messages show a key: `name` for a string, `[1]` for a key of another type.
    static func firstKey(_ L: OpaquePointer, table: Int32, accepted: () -> Bool) -> String? {
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            fl_pop(L, 1)
            if !accepted() {
                let key = lua_type(L, -1) == LUA_TSTRING ? LuaValues.string(L, -1) ?? "?" : "[\(LuaValues.describe(L, -1))]"
                fl_pop(L, 1)
                return key
            }
        }
        return nil
    }
}
