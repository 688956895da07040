import BuildInfo
import CommandLineSyntax
import CLuaShim
import Foundation
import GraphModel
import LuaHost
import ProcessorSupport

/// Runs a parsed command line the way the stock `lua` interpreter does, and maps failures to exit statuses.
struct Interpreter {
    /// Exit statuses: 0 success, 1 script error, 2 usage error, 3 resource limit.
    enum Status: Int32 {
        case success = 0, scriptError = 1, usageError = 2, resourceLimit = 3
    }

    let options: CommandLineOptions
    let lua: LuaState

    /// Opens the state and sets up `fl` (the module, as the docs name it), `arg`, warnings and module search for
    /// `options`.
    init(options: CommandLineOptions) throws {
        self.options = options
        lua = try LuaState(
            memoryLimit: options.memoryLimit, ignoreEnvironment: options.ignoreEnvironment,
            maxInstructions: options.maxInstructions, timeout: options.timeout,
            sandbox: options.sandbox ? try Interpreter.fileAccess(options) : nil)
        if options.allowLive { lua.liveAllowed = true }
        try lua.setModuleGlobal()
        if let log = ProcessInfo.processInfo.environment[WatchLog.variable] { try WatchLog.start(log, in: lua) }
        let first = options.script == nil ? 0 : options.scriptIndex
        lua.setGlobalArray("arg", Array(options.arguments[0...]), firstIndex: -first)
        if let script = options.script, script != "-" {
            lua.prependModuleFolder(URL(fileURLWithPath: script).deletingLastPathComponent().path)
        }
    }

    /// The sandbox's file access: reads under the script's (or the notebook's) folder and `--allow-read`, writes under
    /// `--out` (made when missing); refusals name each folder with what opened it.
    private static func fileAccess(_ options: CommandLineOptions) throws -> FileAccess {
        do {
            try FileManager.default.createDirectory(atPath: options.outputFolder, withIntermediateDirectories: true)
        } catch {
            throw UsageError("'--out': cannot make the folder '\(options.outputFolder)'")
        }
        var readable = options.readableFolders.map { FileAccess.Folder($0, "--allow-read") }
        if let script = options.script, script != "-" {
            readable.insert(FileAccess.Folder(URL(fileURLWithPath: script).deletingLastPathComponent().path, "the script's folder"), at: 0)
        }
        if let notebook = options.notebookFolder {
            readable.insert(FileAccess.Folder(notebook, "the notebook's folder"), at: 0)
        }
        do {
            return try FileAccess(readable: readable, writable: FileAccess.Folder(options.outputFolder, "--out"))
        } catch {
            throw UsageError("'--allow-read': \(error)")
        }
    }

    /// Runs everything the command line asks for and returns the exit status.
    func run() -> Status { runTellingInterruption().status }

    /// Runs everything the command line asks for; returns the exit status and whether Ctrl-C ended the run.
    func runTellingInterruption() -> (status: Status, interrupted: Bool) {
        if options.showVersion { print(Interpreter.versionReport) }
        do {
            if options.warnings { try lua.run("warn('@on')", name: "=(command line)") }
            if !options.ignoreEnvironment { try runInitialisation() }
            for action in options.actions { try perform(action) }
            if let script = options.script {
                try runScript(script == "-" ? nil : script)
            }
        } catch let error as LuaError {
            // The hook's message for Ctrl-C (CLuaShim's fl_guard_hook); a limit reached is not an interruption.
            return (report(error), lua.limitReached == nil && error.message.contains("interrupted!"))
        } catch {
            return (report(LuaError(String(describing: error))), false)
        }
        if options.interactive {
            REPL(lua: lua).run()
        } else if options.script == nil && !options.hasChunks && !options.showVersion {
            if isatty(STDIN_FILENO) != 0 {
                print(Interpreter.banner)
                REPL(lua: lua).run()
            } else {
                do { try runScript(nil) } catch let error as LuaError { return (report(error), false) } catch { return (.scriptError, false) }
            }
        }
        return (.success, false)
    }

    /// The version line.
    static let banner = "forcelab \(ForcelabModule.version) (Lua 5.4)"

    /// What `forcelab -v` prints: the version line, the commit built from, how the build was compiled and the
    /// engine's defaults here (a script's `fl.simulation` options override them).
    static var versionReport: String {
        let cores = UsableCores.count()
        let engine = BuildInfo.engineBuild == "native" ? "native engine (this machine's vector units)" : "portable engine (any x86-64)"
        return """
            \(banner)
            commit: \(BuildInfo.commitText)
            build: \(BuildInfo.configuration), \(engine)
            engine defaults: exact mode, \(cores) thread\(cores == 1 ? "" : "s") (the cores this process may use)
            """
    }

    /// Prints `forcelab: message` on stderr and chooses the status: 3 when a limit ended the run (its message
    /// comes first when the error does not carry it, e.g. a host loop that stopped with "interrupted!").
    func report(_ error: LuaError) -> Status {
        if let limit = lua.limitReached {
            Diagnostics.write(error.message.contains(limit) ? "forcelab: \(error.message)\n" : "forcelab: \(limit)\n")
            return .resourceLimit
        }
        Diagnostics.write("forcelab: \(error.message)\n")
        return error.isMemoryError ? .resourceLimit : .scriptError
    }

    /// LUA_INIT_5_4 or LUA_INIT: `@file` runs a file, anything else is a chunk.
    private func runInitialisation() throws {
        let environment = ProcessInfo.processInfo.environment
        let (name, value): (String, String?) = environment["LUA_INIT_5_4"] != nil
            ? ("=LUA_INIT_5_4", environment["LUA_INIT_5_4"]) : ("=LUA_INIT", environment["LUA_INIT"])
        guard let value else { return }
        if value.hasPrefix("@") {
            try lua.loadFile(String(value.dropFirst()))
            try lua.call(results: 0)
        } else {
            try lua.run(value, name: name)
        }
    }

    /// Runs a `-e` chunk or a `-l` require, with Ctrl-C interrupting it.
    func perform(_ action: CommandLineOptions.Action) throws {
        switch action {
        case .execute(let code):
            try Interruption.during(lua) { try lua.run(code, name: "=(command line)") }
        case .require(let module, let global):
            guard fl_getglobal_protected(lua.L, "require") == LUA_OK else { throw lua.popError() }
            LuaValues.push(lua.L, module)
            try lua.call(arguments: 1, results: 1)
            guard fl_setglobal_protected(lua.L, global) == LUA_OK else { throw lua.popError() }
        }
    }

    /// Runs the script (nil = stdin) with its arguments as `...`, with Ctrl-C interrupting it.
    private func runScript(_ path: String?) throws {
        try lua.loadFile(path)
        for argument in options.scriptArguments { LuaValues.push(lua.L, argument) }
        try Interruption.during(lua) {
            try lua.call(arguments: Int32(options.scriptArguments.count), results: 0)
        }
    }
}
