import CLuaShim

/// Whether a Lua state is still open, shared by every `LuaReference` into it, so late releases skip a closed state.
public final class LuaLife {
    /// The state's main thread while it is open; nil once it is closing.
    public internal(set) var mainThread: OpaquePointer?

    /// The registry field holding an unretained pointer to the state's life.
    static let registryKey = "forcelab.life"

    init(mainThread: OpaquePointer) {
        self.mainThread = mainThread
    }

    /// The life of the state `L` belongs to (installed by `LuaState`).
    static func of(_ L: OpaquePointer) -> LuaLife {
        fl_rawgetfield(L, fl_registryindex(), registryKey)
        defer { fl_pop(L, 1) }
        return Unmanaged<LuaLife>.fromOpaque(lua_touserdata(L, -1)!).takeUnretainedValue()
    }

    /// Records the life of a new state in its registry.
    static func install(_ life: LuaLife, in L: OpaquePointer) {
        lua_pushlightuserdata(L, Unmanaged.passUnretained(life).toOpaque())
        lua_setfield(L, fl_registryindex(), registryKey)
    }
}
