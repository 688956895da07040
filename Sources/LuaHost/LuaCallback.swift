import CLuaShim

/// Lua functions kept in the registry and called from Swift, always under protection with a traceback.
public enum LuaCallback {
    /// Stores the value at `index` in the registry and returns its reference.
    public static func store(_ L: OpaquePointer, _ index: Int32) -> Int32 {
        lua_pushvalue(L, index)
        return luaL_ref(L, fl_registryindex())
    }

    /// Releases a registry reference.
    public static func release(_ L: OpaquePointer, _ reference: Int32) {
        luaL_unref(L, fl_registryindex(), reference)
    }

    /// Pushes the value stored under `reference`.
    public static func push(_ L: OpaquePointer, _ reference: Int32) {
        lua_rawgeti(L, fl_registryindex(), lua_Integer(reference))
    }

    /// Calls the function stored under `reference` with the arguments `pushArguments` pushes (it returns their
    /// count); keeps `results` results on the stack. A Lua error becomes a `LuaError` carrying its traceback.
    public static func call(
        _ L: OpaquePointer, _ reference: Int32, results: Int32 = 0, _ pushArguments: () throws -> Int32 = { 0 }
    ) throws {
        let top = lua_gettop(L)
        push(L, reference)
        let count: Int32
        do {
            count = try pushArguments()
        } catch {
            lua_settop(L, top)
            throw error
        }
        let depth = stackDepth(L)
        guard fl_pcall(L, count, results) == LUA_OK else {
            let message = withoutCallerFrames(LuaValues.describe(L, -1), depth: depth)
            lua_settop(L, top)
            throw LuaError(message, isLocated: true)
        }
    }

    /// The number of active call levels (the caller's frames a callback's traceback would list again).
    private static func stackDepth(_ L: OpaquePointer) -> Int {
        var record = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(L, level, &record) != 0 { level += 1 }
        return Int(level)
    }

    /// Drops the last `depth` traceback lines: the frames below the callback, which the error's own traceback shows
    /// again when it reaches the top (only when the traceback was not shortened, so the count is exact).
    private static func withoutCallerFrames(_ message: String, depth: Int) -> String {
        guard message.contains("\nstack traceback:\n"), depth > 0, depth <= 10, !message.contains("\n\t...") else { return message }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let frames = lines.count - 1 - (lines.firstIndex { $0 == "stack traceback:" } ?? lines.count)
        guard frames > depth else { return message }
        lines.removeLast(depth)
        return lines.joined(separator: "\n")
    }
}
