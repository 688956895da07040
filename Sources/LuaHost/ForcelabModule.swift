import CLuaShim

/// Builds the `forcelab` table, preloads it for `require` and sets the global.
public enum ForcelabModule {
    /// The version string reported by `forcelab -v` and `forcelab.version`.
    public static let version = "0.1.0"

    /// The module's submodules, each adding its functions to the `forcelab` table on top of the stack.
    static let parts: [@Sendable (OpaquePointer) -> Void] = [GraphLua.register, GraphFilesLua.register, SimulationLua.register]

    /// Installs the module into a fresh state: `package.loaded.forcelab`, `package.preload.forcelab` and the global.
    static func install(in L: OpaquePointer) {
        lua_createtable(L, 0, 8)
        LuaValues.push(L, version)
        lua_setfield(L, -2, "version")
        for part in parts { part(L) }
        lua_getglobal(L, "package")
        lua_getfield(L, -1, "loaded")
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "forcelab")
        fl_pop(L, 2)
        lua_setglobal(L, "forcelab")
    }
}
