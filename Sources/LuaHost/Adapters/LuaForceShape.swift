import CLuaShim

/// The forms of Lua force `sim:force` takes, and why a value is none of them.
public enum LuaForceShape {
    /// `function(alpha, nodes)`.
    case function
    /// `{force = function(alpha), initialize = function(nodes, random)}`.
    case table
    /// `{arrays = true, force = function(alpha, x, y, vx, vy, n), initialize = function(ids, random)}`.
    case arrays

    /// Why a value is not a Lua force, said of the value (`field 'force': function expected, got nil`).
    public struct Refusal: Error {
        public let reason: String
    }

    /// The form of the Lua force at `index`, or a `Refusal` saying why the value is none. A table's fields
    /// (`LuaForceFields`) are read through its metatable, protected: an error a lookup raises is thrown as it is.
    public static func of(_ L: OpaquePointer, at index: Int32) throws -> LuaForceShape {
        let index = lua_absindex(L, index)
        switch lua_type(L, index) {
        case LUA_TFUNCTION:
            guard lua_iscfunction(L, index) == 0 else {
                // `sim:force("charge", fl.force.manyBody)`, d3's forceManyBody without its call, would run the maker
                // as a force every tick.
                if let kind = ForceBindings.makerKind(L, at: index) {
                    throw Refusal(reason: "fl.force.\(kind.name) makes a force when called: fl.force.\(kind.name){}")
                }
                throw Refusal(reason: "a C function is not a force; a Lua force is a Lua function(alpha, nodes) or a table with force(alpha)")
            }
            return .function
        case LUA_TTABLE:
            let arrays = try wantsArrays(L, index)
            try checkMember(L, index, LuaForceFields.force)
            try refuseMisspeltMembers(L, index)
            try checkMember(L, index, LuaForceFields.initialize)
            return arrays ? .arrays : .table
        default:
            throw Refusal(reason: "a function or a table expected, got \(LuaValues.typeName(L, index))")
        }
    }

    /// The fields a table force has for the host (`LuaForceFields`), each with the Lua type its value takes.
    private static let members: [(name: String, type: Int32)] = LuaForceFields.table.options.map { field in
        switch field.value {
        case .function: (field.name, LUA_TFUNCTION)
        case .boolean: (field.name, LUA_TBOOLEAN)
        default: preconditionFailure("a table force's field '\(field.name)' is declared neither a function nor a boolean")
        }
    }

    /// Refuses a field that misspells a member the table lacks (`initialise`, `arays = true`): a value of the member's
    /// type under a name nearest to it (`LuaOptionTable.nearest`). The table's other fields are its own (its state and
    /// helpers, `init` beside an `initialize`) and are left alone.
    private static func refuseMisspeltMembers(_ L: OpaquePointer, _ index: Int32) throws {
        var candidates: [(name: String, member: String)] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if let name = LuaValues.string(L, -2), !members.contains(where: { $0.name == name }) {
                let alike = members.filter { $0.type == lua_type(L, -1) }.map(\.name)
                if let member = LuaOptionTable.nearest(to: name, among: alike) { candidates.append((name, member)) }
            }
            fl_pop(L, 1)
        }
        for candidate in candidates {
            let type = try LuaForce.pushField(L, index, candidate.member)
            fl_pop(L, 1)
            if type == LUA_TNIL {
                throw Refusal(reason: "field '\(candidate.name)': did you mean '\(candidate.member)'? (\(LuaForceFields.summary); its other fields are its own)")
            }
        }
    }

    /// Whether the table at `index` asks for arrays (`arrays = true`); a non-boolean is refused.
    private static func wantsArrays(_ L: OpaquePointer, _ index: Int32) throws -> Bool {
        let name = LuaForceFields.arrays.name
        let type = try LuaForce.pushField(L, index, name)
        defer { fl_pop(L, 1) }
        guard type == LUA_TBOOLEAN || type == LUA_TNIL else {
            throw Refusal(reason: "field '\(name)': boolean expected, got \(String(cString: lua_typename(L, type)))")
        }
        return lua_toboolean(L, -1) != 0
    }

    /// Refuses the table at `index` unless its field `member` is a function (or nil, when not required).
    private static func checkMember(_ L: OpaquePointer, _ index: Int32, _ member: LuaOption) throws {
        let type = try LuaForce.pushField(L, index, member.name)
        fl_pop(L, 1)
        guard type == LUA_TFUNCTION || (!member.isRequired && type == LUA_TNIL) else {
            let functions = type == LUA_TNIL ? functionFields(L, index) : []
            let hint = functions.isEmpty ? "" : " (the table's functions: \(functions.joined(separator: ", ")); \(LuaForceFields.summary))"
            throw Refusal(reason: "field '\(member.name)': function expected, got \(String(cString: lua_typename(L, type)))" + hint)
        }
    }

    /// The names of the string-keyed fields of the table at `index` that hold functions, sorted (read raw).
    private static func functionFields(_ L: OpaquePointer, _ index: Int32) -> [String] {
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION, let name = lua_tolstring(L, -2, nil) {
                names.append(String(cString: name))
            }
            fl_pop(L, 1)
        }
        return names.sorted()
    }
}
