import Foundation
import GraphModel
import LuaHost

/// The run's side of `forcelab --watch`: notes every file the run reads or writes in the log the watch names in
/// `WatchLog.variable`, one line each (`read PATH` or `wrote PATH`, absolute), as it happens, so a run that ends in
/// an error or `os.exit` still tells. Lua's own file functions are wrapped (io.open, io.lines, io.input, io.output,
/// dofile, loadfile and require's Lua searcher); forcelab's readers and writers tell the state's `fileObserver`.
enum WatchLog {
    /// The environment variable through which `--watch` hands the log's path to each run.
    static let variable = "FORCELAB_WATCH_LOG"

    nonisolated(unsafe) private static var descriptor: Int32 = -1
    private static let lock = NSLock()

    /// Opens the log at `path` and starts noting the files `lua` uses.
    static func start(_ path: String, in lua: LuaState) throws {
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw LuaError("--watch: cannot write the log '\(path)'") }
        lua.fileObserver = { path, writing in note(path, writing: writing) }
        try lua.loadString(wrappers, name: "=(watch)")
        LuaBinding.push(lua.L, noteFromLua)
        try lua.call(arguments: 1, results: 0)
    }

    /// Adds a line for `path` (made absolute from the current folder, `.` and `..` resolved).
    static func note(_ path: String, writing: Bool) {
        guard !path.isEmpty, !path.contains("\n") else { return }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let line = Array(((writing ? "wrote " : "read ") + absolute + "\n").utf8)
        lock.withLock {
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// The lines of the log at `path`: the files read and the files written, each in first-use order.
    static func read(_ path: String) -> (read: [String], wrote: [String]) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var read: [String] = [], wrote: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("read ") {
                read.append(String(line.dropFirst(5)))
            } else if line.hasPrefix("wrote ") {
                wrote.append(String(line.dropFirst(6)))
            }
        }
        return (read, wrote)
    }

    /// `note(path, writing)` for the Lua wrappers.
    private static let noteFromLua: LuaFunction = { L in
        LuaBinding.run(L, "watch") { arguments in
            note(try arguments.string(1), writing: arguments.boolean(2))
            return 0
        }
    }

    /// Wraps Lua's file functions to call `note` (the chunk's argument) first. A wrapper that may raise an error of
    /// its own (a bad argument, a file io.lines cannot open) calls the function through pcall and raises the error
    /// again at the script's line, naming the function as without the wrapper; dofile, which runs the file, ends in
    /// a tail call so the file's own errors pass unchanged.
    private static let wrappers = """
        local note = ...
        local pcall, error, type = pcall, error, type
        local function writes(mode) return type(mode) == "string" and mode:find("[wa+]") ~= nil end
        local function noted(path, writing) if type(path) == "string" then note(path, writing) end end
        -- The results of pcall(f, ...), or its error raised at the level of the wrapper's caller (each wrapper
        -- tail-calls this), with `name` for the '?' a function called through pcall is named.
        local function passed(name, ok, ...)
          if ok then return ... end
          local message = ...
          if type(message) ~= "string" or message == "not enough memory" then error(message, 0) end
          error((message:gsub("^(bad argument #%d+ to )'%?'", "%1'" .. name .. "'")), 2)
        end
        if io then
          local open, lines, input, output = io.open, io.lines, io.input, io.output
          if open then
            io.open = function(path, mode, ...) noted(path, writes(mode)) return passed("io.open", pcall(open, path, mode, ...)) end
          end
          if lines then io.lines = function(path, ...) noted(path, false) return passed("io.lines", pcall(lines, path, ...)) end end
          if input then io.input = function(file, ...) noted(file, false) return passed("io.input", pcall(input, file, ...)) end end
          if output then io.output = function(file, ...) noted(file, true) return passed("io.output", pcall(output, file, ...)) end end
        end
        local do_file, load_file = dofile, loadfile
        if do_file then dofile = function(path, ...) noted(path, false) return do_file(path, ...) end end
        if load_file then loadfile = function(path, ...) noted(path, false) return passed("loadfile", pcall(load_file, path, ...)) end end
        local searchers = package and package.searchers
        if type(searchers) == "table" and type(searchers[2]) == "function" then
          local search = searchers[2]
          searchers[2] = function(name, ...)
            local loader, path = search(name, ...)
            if type(loader) == "function" then noted(path, false) end
            return loader, path
          end
        end
        """
}
