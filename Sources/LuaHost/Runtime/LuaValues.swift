import CLuaShim
import GraphModel

/// Conversions between Lua values on the stack and Swift values; nothing here can raise a Lua error.
public enum LuaValues {
    /// The name of the type at `index` as Lua's `type()` reports it, or the `__name` of a forcelab object.
    public static func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        if lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 {
            defer { fl_pop(L, 2) }
            if fl_rawgetfield(L, -1, "__name") == LUA_TSTRING { return String(cString: fl_tostring_raw(L, -1)) }
            return "userdata"
        }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// `tostring(value)` under protection; falls back to the type name if `__tostring` fails.
    public static func describe(_ L: OpaquePointer, _ index: Int32) -> String {
        if fl_tostring(L, index) == LUA_OK {
            defer { fl_pop(L, 1) }
            return string(L, -1) ?? "?"
        }
        fl_pop(L, 1)
        return "(\(typeName(L, index)) value)"
    }

    /// Pushes the registry's table at `key`, made on first use with weak keys or values (`mode`: `"k"` or `"v"`).
    static func pushRegistryTable(_ L: OpaquePointer, _ key: String, weak mode: String) {
        guard fl_rawgetfield(L, fl_registryindex(), key) != LUA_TTABLE else { return }
        fl_pop(L, 1)
        lua_createtable(L, 0, 8)
        lua_createtable(L, 0, 1)
        push(L, mode)
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_setfield(L, fl_registryindex(), key)
    }

    /// The string at `index` when it is a string (numbers are not converted, so the stack stays untouched).
    public static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The string at `index`, which must be valid UTF-8.
    static func exactString(_ L: OpaquePointer, _ index: Int32) throws -> String {
        var length = 0
        let bytes = UnsafeRawBufferPointer(start: lua_tolstring(L, index, &length), count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LuaError("the string '\(String(decoding: bytes, as: UTF8.self))' is not valid UTF-8")
        }
        return text
    }

    /// The number at `index` when it is a number (or a numeric string, as Lua's arithmetic would read it).
    public static func number(_ L: OpaquePointer, _ index: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, index, &isNumber)
        return isNumber != 0 ? value : nil
    }

    /// Pushes a Swift string.
    public static func push(_ L: OpaquePointer, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes a data value as Lua sees it: objects and arrays as tables, null as nil (nesting deeper than the
    /// Lua stack allows is cut off as nil).
    public static func push(_ L: OpaquePointer, _ value: DataValue) {
        guard lua_checkstack(L, 3) != 0 else {
            lua_pushnil(L)
            return
        }
        switch value {
        case .null: lua_pushnil(L)
        case .bool(let flag): lua_pushboolean(L, flag ? 1 : 0)
        case .integer(let integer): lua_pushinteger(L, lua_Integer(integer))
        case .number(let number):
            // Whole numbers as Lua integers, as forcelab has always given them (tables, sweeps and exercises count
            // on it): a floating-point 2.0 shows as 2 in Lua, and stays floating-point in the graph unless set anew.
            if number == number.rounded(), abs(number) < 9.0e15 {
                lua_pushinteger(L, lua_Integer(number))
            } else {
                lua_pushnumber(L, number)
            }
        case .string(let text): push(L, text)
        case .array(let items):
            lua_createtable(L, Int32(items.count), 0)
            for (offset, item) in items.enumerated() {
                push(L, item)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
        case .object(let fields):
            lua_createtable(L, 0, Int32(fields.count))
            for key in fields.keys.sorted() {
                push(L, fields[key]!)
                lua_setfield(L, -2, key)
            }
        }
    }

    /// Pushes a string-keyed table of data values.
    public static func push(_ L: OpaquePointer, fields: [String: DataValue]) {
        push(L, DataValue.object(fields))
    }

    /// Reads the value at `index` as data: tables with keys 1..n become arrays, other tables objects; Lua's
    /// integers become integers when `integers` (graph data, which files write in each number's own form), else
    /// numbers like its floats. With `exactText`, a string (value or key) that is not valid UTF-8 is refused rather
    /// than decoded with U+FFFD in place of its bytes (where the text must come back as it was given). The stack is
    /// left as it was, also when it throws.
    public static func data(_ L: OpaquePointer, _ index: Int32, depth: Int = 0, integers: Bool = false, exactText: Bool = false) throws -> DataValue {
        let index = lua_absindex(L, index)
        let top = lua_gettop(L)
        do {
            return try readData(L, index, depth: depth, integers: integers, exactText: exactText)
        } catch {
            lua_settop(L, top)
            throw error
        }
    }

    private static func readData(_ L: OpaquePointer, _ index: Int32, depth: Int, integers: Bool, exactText: Bool) throws -> DataValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if integers, lua_isinteger(L, index) != 0 { return .integer(Int(lua_tointegerx(L, index, nil))) }
            return .number(fl_tonumber(L, index))
        case LUA_TSTRING: return .string(exactText ? try exactString(L, index) : string(L, index) ?? "")
        case LUA_TTABLE:
            guard depth < 64, lua_checkstack(L, 4) != 0 else { throw LuaError("data nested too deeply (a cycle?)") }
            let length = Int(lua_rawlen(L, index))
            var fields: [String: DataValue] = [:]
            var count = 0
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                count += 1
                let value = try readData(L, lua_gettop(L), depth: depth + 1, integers: integers, exactText: exactText)
                if lua_type(L, -2) == LUA_TSTRING {
                    fields[exactText ? try exactString(L, -2) : string(L, -2)!] = value
                } else if lua_type(L, -2) == LUA_TNUMBER {
                    fields[DataValue.number(fl_tonumber(L, -2)).text] = value
                } else {
                    let keyType = typeName(L, -2)
                    fl_pop(L, 2)
                    throw LuaError("data keys must be strings or numbers, got \(keyType)")
                }
                fl_pop(L, 1)
            }
            if count > 0 && count == length {
                return .array((1...length).map { fields[String($0)] ?? .null })
            }
            return .object(fields)
        default:
            throw LuaError("data cannot hold a \(typeName(L, index))")
        }
    }
}
