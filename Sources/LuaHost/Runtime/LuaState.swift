import CLuaShim
import Foundation

/// Owns a Lua 5.4 state with the standard libraries and the `forcelab` module loaded.
public final class LuaState {
    /// The raw state, for the binding layer and the REPL.
    public let L: OpaquePointer
    private let context: LuaContext

    /// Opens a state. `memoryLimit` caps Lua's heap in bytes (0 = none); `ignoreEnvironment` is `-E`.
    public init(memoryLimit: Int = 0, ignoreEnvironment: Bool = false) throws {
        guard let state = fl_newstate(memoryLimit) else { throw LuaError("cannot create a Lua state: out of memory") }
        L = state
        context = LuaContext(mainThread: state)
        // The host's own Swift code runs at depth 1 (no allocation failure can unwind through it); Lua code run
        // through fl_pcall drops back to 0.
        fl_enter_swift(state)
        LuaContext.install(context, in: state)
        if ignoreEnvironment {
            lua_pushboolean(L, 1)
            lua_setfield(L, fl_registryindex(), "LUA_NOENV")
        }
        guard fl_openlibs(L) == LUA_OK else { throw popError() }
        ForcelabModule.install(in: L)
    }

    deinit {
        context.mainThread = nil
        fl_close(L)
    }

    /// Loads a file as a chunk (a first `#` line is skipped) and leaves it on the stack; `nil` path reads stdin.
    public func loadFile(_ path: String?) throws {
        let status = fl_loadfile(L, path)
        guard status == LUA_OK else { throw popError() }
    }

    /// Loads a string as a chunk named `name` and leaves it on the stack.
    public func loadString(_ code: String, name: String) throws {
        let status = code.withCString { fl_loadbuffer(L, $0, strlen($0), name, "t") }
        guard status == LUA_OK else { throw popError() }
    }

    /// Calls the function below `arguments` values with a traceback handler; results stay on the stack.
    public func call(arguments: Int32 = 0, results: Int32 = LUA_MULTRET) throws {
        guard fl_pcall(L, arguments, results) == LUA_OK else { throw popError() }
    }

    /// Runs a chunk of code (as `-e` does).
    public func run(_ code: String, name: String) throws {
        try loadString(code, name: name)
        try call(results: 0)
    }

    /// Pops the error value on top of the stack and turns it into a `LuaError`.
    public func popError() -> LuaError {
        let firstLine = LuaValues.string(L, -1)?.split(separator: "\n").first ?? ""
        let isMemory = firstLine.contains("not enough memory")
        let message = LuaValues.describe(L, -1)
        fl_pop(L, 1)
        return LuaError(message, isMemoryError: isMemory)
    }

    /// Sets a global to a string array table (used for `arg`), with `base` the index of the first element.
    public func setGlobalArray(_ name: String, _ values: [String], firstIndex: Int) {
        lua_createtable(L, Int32(values.count), 0)
        for (offset, value) in values.enumerated() {
            lua_pushstring(L, value)
            lua_rawseti(L, -2, lua_Integer(firstIndex + offset))
        }
        lua_setglobal(L, name)
    }

    /// Prepends a folder to `package.path` so `require` finds modules beside a script first.
    public func prependModuleFolder(_ folder: String) {
        lua_getglobal(L, "package")
        lua_getfield(L, -1, "path")
        let current = lua_type(L, -1) == LUA_TSTRING ? String(cString: fl_tostring_raw(L, -1)) : ""
        fl_pop(L, 1)
        lua_pushstring(L, "\(folder)/?.lua;\(folder)/?/init.lua;" + current)
        lua_setfield(L, -2, "path")
        fl_pop(L, 1)
    }
}
