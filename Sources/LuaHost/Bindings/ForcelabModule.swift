import CLuaShim
import Foundation
import BuildInfo
import GraphModel

/// Builds the `forcelab` table, preloads it for `require` and sets the global.
public enum ForcelabModule {
    /// The version string reported by `forcelab -v` and `forcelab.version`.
    public static let version = BuildInfo.version

    /// `forcelab.build`: what build runs, for scripts to put in what they write (`commit` and `clean` are absent
    /// when it was built outside a git checkout).
    static var build: DataValue {
        var fields: [String: DataValue] = [
            "version": .string(BuildInfo.version), "configuration": .string(BuildInfo.configuration),
            "engine": .string(BuildInfo.engineBuild),
        ]
        if let commit = BuildInfo.commit { fields["commit"] = .string(commit) }
        if let clean = BuildInfo.treeClean { fields["clean"] = .bool(clean) }
        return .object(fields)
    }

    /// The module's submodules, each adding its functions to the `forcelab` table on top of the stack.
    static let parts: [@Sendable (OpaquePointer) -> Void] = [
        GraphBindings.register, GraphFileBindings.register, GraphAlgorithmBindings.register, SimulationBindings.register, ForceBindings.register,
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
        LuaValues.push(L, build)
        lua_setfield(L, -2, "build")
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
