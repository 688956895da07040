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

    /// `forcelab.mkdir(path)`: creates a folder and its parents (nothing if it exists), where the sandbox allows
    /// writing; returns the path.
    static let makeFolder: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let path = try arguments.path(1)
            do {
                try FileAccess.makeFolder(path)
            } catch let refusal as FileAccess.Refusal {
                throw LuaError("fl.mkdir: \(refusal)")
            } catch {
                throw LuaError("fl.mkdir: cannot create folder '\(path)': \(error.localizedDescription)")
            }
            return arguments.returningFirst()
        }
    }

    /// `fl.mkdir`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("mkdir", makeFolder, "(path: string): string", "creates a folder and its parents where the sandbox allows writing; returns the path"),
    ]

    /// `fl.version` and `fl.build`.
    static let fields: [LuaFieldDeclaration] = [
        LuaFieldDeclaration("version", "string", "the version forcelab -v reports") { L in LuaValues.push(L, version) },
        LuaFieldDeclaration("build", "table", "which build runs: {version =, commit =, clean =, configuration =, engine =}") { L in
            LuaValues.push(L, build)
        },
    ]

    /// Installs the module into a fresh state, made from `LuaAPI`'s declarations: the metatables, then the
    /// `forcelab` table with every field and function at its path; `package.loaded.forcelab` and the global.
    static func install(in L: OpaquePointer) {
        for type in LuaAPI.types { type.register(L) }
        lua_createtable(L, 0, 16)
        for field in LuaAPI.fields {
            let key = pushTable(L, holding: field.name)
            if let push = field.push { push(L) } else { lua_pushnil(L) }
            lua_setfield(L, -2, key)
            fl_pop(L, 1)
        }
        for function in LuaAPI.functions {
            let key = pushTable(L, holding: function.name)
            function.register(L, table: -1, key: key, as: LuaAPI.documentedName(ofFunction: function.name))
            fl_pop(L, 1)
        }
        lua_getglobal(L, "package")
        lua_getfield(L, -1, "loaded")
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "forcelab")
        fl_pop(L, 2)
        lua_setglobal(L, "forcelab")
    }

    /// The docs' name (`fl`, `fl.force`) of the table at `index` when it is one of the module's tables of functions
    /// as `package.loaded.forcelab` holds them now (read raw), or nil.
    public static func tableName(_ L: OpaquePointer, at index: Int32) -> String? {
        let index = lua_absindex(L, index)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_type(L, index) == LUA_TTABLE, fl_rawgetfield(L, fl_registryindex(), "_LOADED") == LUA_TTABLE,
            fl_rawgetfield(L, -1, "forcelab") == LUA_TTABLE
        else { return nil }
        let module = lua_gettop(L)
        return LuaAPI.moduleTables.first { path in
            lua_settop(L, module)
            for part in path.split(separator: ".") where lua_type(L, -1) == LUA_TTABLE {
                _ = fl_rawgetfield(L, -1, String(part))
            }
            return lua_rawequal(L, -1, index) != 0
        }.map { $0.isEmpty ? LuaAPI.moduleName : "\(LuaAPI.moduleName).\($0)" }
    }

    /// Pushes the table below the module table (on top of the stack) that holds `path`'s last part, making the
    /// tables on the way (`graph` for `graph.new`; the module table itself for `mkdir`); returns that last part.
    private static func pushTable(_ L: OpaquePointer, holding path: String) -> String {
        var parts = path.split(separator: ".").map(String.init)
        let key = parts.removeLast()
        lua_pushvalue(L, -1)
        for part in parts {
            switch lua_getfield(L, -1, part) {
            case LUA_TTABLE: break
            case LUA_TFUNCTION:
                // A function with functions below it (`live` and `live.stop`): a table that calls it.
                makeCallableTable(L)
                lua_pushvalue(L, -1)
                lua_setfield(L, -3, part)
            default:
                fl_pop(L, 1)
                lua_createtable(L, 0, 4)
                lua_pushvalue(L, -1)
                lua_setfield(L, -3, part)
            }
            fl_remove(L, -2)
        }
        return key
    }

    /// Replaces the function on top of the stack with a table whose `__call` calls it with the arguments after the
    /// table, so `fl.live(sim)` and `fl.live.stop(sim)` both work.
    private static func makeCallableTable(_ L: OpaquePointer) {
        let function = lua_gettop(L)
        lua_createtable(L, 0, 4)
        lua_createtable(L, 0, 1)
        fl_pushcallmetamethod(L, function)
        LuaCallNames.copyName(L, from: function, to: -1)
        lua_setfield(L, -2, "__call")
        lua_setmetatable(L, -2)
        fl_remove(L, function)
    }
}
