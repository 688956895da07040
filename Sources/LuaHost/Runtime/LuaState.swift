import CLuaShim
import Foundation
import GraphModel

/// Owns a Lua 5.4 state with the standard libraries and the `forcelab` module loaded.
public final class LuaState {
    /// The raw state, for the binding layer and the REPL.
    public let L: OpaquePointer
    private let context: LuaContext

    /// Opens a state. `memoryLimit` caps Lua's heap and the process's growth in bytes (0 = none) for this state's
    /// work only (its bindings run under its `MemoryRequest.ceiling`); `ignoreEnvironment`
    /// is `-E`; `maxInstructions` caps the Lua instructions run (0 = none); `timeout` (seconds, 0 = none) starts this
    /// state's time limit (other states keep theirs). Past a limit Lua code fails (see `limitReached`). With `sandbox`, the standard library
    /// is cut down to the sandbox's (see fl_sandbox) and `sandbox` becomes this state's file-access policy
    /// (`fileAccess`): other states in the process keep theirs.
    public init(
        memoryLimit: Int = 0, ignoreEnvironment: Bool = false, maxInstructions: Int = 0, timeout: Double = 0,
        sandbox: FileAccess? = nil
    ) throws {
        guard let state = fl_newstate(memoryLimit, Int64(maxInstructions)) else {
            throw LuaError("cannot create a Lua state: out of memory")
        }
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
        context.liveAllowed = sandbox == nil
        if let sandbox {
            context.fileRules.policy = sandbox
            guard fl_sandbox(L, LuaState.checkPath) == LUA_OK else { throw popError() }
        }
        if timeout > 0 && fl_start_timer(L, timeout) != 0 {
            throw LuaError("cannot start the time limit of \(timeout) s: no thread for its clock, or 64 states with one")
        }
        if memoryLimit > 0 { context.memoryCeiling = Int(fl_resident_budget(L)) }
    }

    /// The state's file-access policy: the sandbox's, which its readers, writers and Lua's file functions obey
    /// (nil: everything allowed; a sandboxed state without one refuses every path). It may change between runs
    /// (`forcelab grade` narrows it for the submission).
    public var fileAccess: FileAccess? {
        get { context.fileRules.policy }
        set { context.fileRules.policy = newValue }
    }

    /// Whether `fl.live` may serve pages: true unless the state is sandboxed (`--allow-live` sets it there).
    public var liveAllowed: Bool {
        get { context.liveAllowed }
        set { context.liveAllowed = newValue }
    }

    /// Told every file this state's readers check for reading and every file its writers are allowed to write
    /// (`forcelab --watch`).
    public var fileObserver: (@Sendable (_ path: String, _ writing: Bool) -> Void)? {
        get { context.fileRules.observer }
        set { context.fileRules.observer = newValue }
    }

    /// Where this state's pictures, pages and progress are shown in a notebook (`forcelab kernel`); nil outside one,
    /// where a picture function needs a path.
    public var displaySink: InlineDisplay.Sink? {
        get { context.displaySink }
        set { context.displaySink = newValue }
    }

    /// Told every access this state's policy refuses (`forcelab grade`).
    public var refusalObserver: (@Sendable (FileAccess.Refusal) -> Void)? {
        get { context.fileRules.refusalObserver }
        set { context.fileRules.refusalObserver = newValue }
    }

    /// The sandbox's question to the policy of the state `L`: nil when the path may be used, else the reason
    /// (malloc'd). A refusal is told to the state's `refusalObserver`, except for the files require's search probes by
    /// itself.
    private static let checkPath: fl_path_checker = { L, bytes, length, writing in
        guard let bytes else { return strdup("no path given") }
        let raw = UnsafeRawBufferPointer(start: bytes, count: length)
        let path = String(decoding: raw, as: UTF8.self)
        guard path.utf8.elementsEqual(raw) else { return strdup("the path '\(path)' is not valid UTF-8") }
        guard let L else { return strdup("cannot use '\(path)': no state") }
        let rules = LuaContext.of(L).fileRules
        // Fail closed: a sandboxed state whose policy was taken away may use no file.
        guard let policy = rules.policy else { return strdup("cannot use '\(path)': no file-access policy is installed") }
        guard let refusal = policy.refusal(path, writing: writing == Int32(FL_PATH_WRITE)) else { return nil }
        return strdup((writing == Int32(FL_PATH_PROBE) ? refusal : rules.refused(refusal)).description)
    }

    /// The engine settings this state's simulations were made or set with since they were last taken.
    public var engineUse: EngineUse { context.engineUse }

    /// Seconds left before this state's time limit (0 once reached), or nil when it has none.
    public var timeLeft: Double? {
        let left = fl_time_left(L)
        return left < 0 ? nil : left
    }

    /// The message of the time or instruction limit once it has been reached (the run must end), else nil.
    public var limitReached: String? {
        fl_limit_reached(L).map { String(cString: $0) }
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

    /// Loads the text chunk `source` (a file's bytes: a first `#` line and a byte-order mark are skipped, as for a
    /// file) under the chunk name `@name`, so that messages name it `name` wherever it was read from; leaves it on
    /// the stack.
    public func loadFile(contents source: Data, named name: String) throws {
        var bytes = source.starts(with: [0xEF, 0xBB, 0xBF]) ? source.dropFirst(3) : source[...]
        if bytes.first == UInt8(ascii: "#") { bytes = bytes[(bytes.firstIndex(of: 0x0A) ?? bytes.endIndex)...] }
        let status = bytes.withUnsafeBytes { buffer in
            ("@" + name).withCString { chunkName in
                fl_loadbuffer(L, buffer.baseAddress?.assumingMemoryBound(to: CChar.self) ?? chunkName, buffer.count, chunkName, "t")
            }
        }
        guard status == LUA_OK else {
            let error = popError()
            throw error.message.hasPrefix("attempt to load") ? LuaError("\(name): \(error.message)") : error
        }
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

    /// Pops the error value on top of the stack and turns it into a `LuaError`. After a memory error it first
    /// collects Lua's garbage, so the message can be built (the allocator gave its reserve back for this).
    public func popError() -> LuaError {
        if fl_is_memory_error(L, -1) != 0 {
            fl_collect_garbage(L)
            let message = LuaValues.describe(L, -1)
            fl_pop(L, 1)
            return LuaError(message, isMemoryError: true)
        }
        let message = LuaValues.describe(L, -1)
        fl_pop(L, 1)
        return LuaError(message)
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
