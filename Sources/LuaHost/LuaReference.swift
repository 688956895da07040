import CLuaShim

/// A Lua value kept in the registry for Swift, released when its last Swift owner lets go; calls into it are
/// always protected, with a traceback.
public final class LuaReference {
    private let life: LuaLife
    private let reference: Int32

    /// Stores the value at `index` of `L`'s stack.
    public init(_ L: OpaquePointer, _ index: Int32) {
        life = LuaLife.of(L)
        lua_pushvalue(L, index)
        reference = luaL_ref(L, fl_registryindex())
    }

    deinit {
        if let main = life.mainThread { luaL_unref(main, fl_registryindex(), reference) }
    }

    /// Pushes the value.
    public func push(_ L: OpaquePointer) {
        lua_rawgeti(L, fl_registryindex(), lua_Integer(reference))
    }

    /// Calls the value with the arguments `pushArguments` pushes (it returns their count), keeping `results` results
    /// on the stack. A Lua error becomes a `LuaError` carrying the traceback of the frames above this call.
    public func call(_ L: OpaquePointer, results: Int32 = 0, _ pushArguments: () throws -> Int32 = { 0 }) throws {
        let top = lua_gettop(L)
        push(L)
        let count: Int32
        do {
            count = try pushArguments()
        } catch {
            lua_settop(L, top)
            throw error
        }
        let depth = LuaReference.stackDepth(L)
        guard fl_pcall(L, count, results) == LUA_OK else {
            let message = LuaReference.withoutCallerFrames(LuaValues.describe(L, -1), depth: depth)
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
