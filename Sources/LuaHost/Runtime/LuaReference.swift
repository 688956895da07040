import CLuaShim

/// A Lua value kept for Swift, released when its last Swift owner lets go; calls into it are always protected,
/// with a traceback. A value with an owner object lives in that object's callbacks table (see `LuaCallbacks`), so
/// it goes when Lua can no longer reach the owner; one without lives in the registry.
public final class LuaReference {
    private let context: LuaContext
    private let reference: Int32
    /// The owner's key in `LuaCallbacks`, or nil for the registry.
    private let owner: UnsafeMutableRawPointer?

    /// Stores the value at `index` of `L`'s stack, in the registry or, with `owner`, in the owner's callbacks table.
    public init(_ L: OpaquePointer, _ index: Int32, owner: AnyObject? = nil) {
        let index = lua_absindex(L, index)
        let key = owner.map(LuaCallbacks.key)
        context = LuaContext.of(L)
        self.owner = key
        LuaReference.pushStore(L, owner: key, create: true)
        lua_pushvalue(L, index)
        reference = luaL_ref(L, -2)
        fl_pop(L, 1)
    }

    deinit {
        guard let main = context.mainThread else { return }
        LuaReference.pushStore(main, owner: owner, create: false)
        if lua_type(main, -1) == LUA_TTABLE { luaL_unref(main, -1, reference) }
        fl_pop(main, 1)
    }

    /// Pushes the table a value is kept in (nil when the owner's table is gone).
    private static func pushStore(_ L: OpaquePointer, owner: UnsafeMutableRawPointer?, create: Bool) {
        if let owner {
            LuaCallbacks.pushTable(L, key: owner, create: create)
        } else {
            lua_pushvalue(L, fl_registryindex())
        }
    }

    /// Pushes the value (nil when its owner can no longer be reached from Lua).
    public func push(_ L: OpaquePointer) {
        LuaReference.pushStore(L, owner: owner, create: false)
        if lua_type(L, -1) == LUA_TTABLE {
            lua_rawgeti(L, -1, lua_Integer(reference))
            fl_remove(L, -2)
        }
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
