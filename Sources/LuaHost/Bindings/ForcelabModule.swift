import CLuaShim
import Foundation
import GraphModel

/// Builds the `forcelab` table, preloads it for `require` and sets the global.
public enum ForcelabModule {
    /// The version string reported by `forcelab -v` and `forcelab.version`.
    public static let version = "0.1.0"

    /// The module's submodules, each adding its functions to the `forcelab` table on top of the stack.
    static let parts: [@Sendable (OpaquePointer) -> Void] = [
        GraphBindings.register, GraphFileBindings.register, SimulationBindings.register, ForceBindings.register,
        RandomBindings.register, PictureBindings.register, RecordingBindings.register, DataTableBindings.register,
        LayoutBindings.register, DisplayBindings.register,
    ]

    /// `forcelab.mkdir(path)`: creates a folder and its parents (nothing if it exists), where the sandbox allows
    /// writing; returns the path.
    static let makeFolder: LuaFunction = { L in
        LuaBinding.run(L, "mkdir") { arguments in
            let path = try arguments.path(1)
            do {
                try FileAccess.makeFolder(path)
            } catch let refusal as FileAccess.Refusal {
                throw refusal
            } catch {
                throw LuaError("cannot create folder '\(path)': \(error.localizedDescription)")
            }
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    /// Installs the module into a fresh state: `package.loaded.forcelab`, `package.preload.forcelab` and the global.
    static func install(in L: OpaquePointer) {
        lua_createtable(L, 0, 8)
        LuaValues.push(L, version)
        lua_setfield(L, -2, "version")
        LuaBinding.set(L, table: -1, "mkdir", makeFolder)
        for part in parts { part(L) }
        lua_getglobal(L, "package")
        lua_getfield(L, -1, "loaded")
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "forcelab")
        fl_pop(L, 2)
        lua_setglobal(L, "forcelab")
    }
}
