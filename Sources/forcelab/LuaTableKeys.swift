import CLuaShim
import LuaHost

/// The keys of a table a spec or an exercise file returns, checked against the fields it may have.
enum LuaTableKeys {
    /// The first key of the table at `table` that is not in `allowed` (described as Lua would print it), or nil.
    static func unknown(_ L: OpaquePointer, table: Int32, allowed: Set<String>) -> String? {
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            fl_pop(L, 1)
            guard let key = LuaValues.string(L, -1), allowed.contains(key) else {
                let key = LuaValues.describe(L, -1)
                fl_pop(L, 1)
                return key
            }
        }
        return nil
    }
}
