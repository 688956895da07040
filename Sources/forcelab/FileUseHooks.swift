import Foundation
import GraphModel
import LuaHost

/// Tells a handler of every file a run reads or writes (as the script names it), as it happens: Lua's own file
/// functions are wrapped (io.open, io.lines, io.input, io.output, dofile, loadfile and require's Lua searcher), and
/// forcelab's readers and writers tell the state's `fileObserver`. `forcelab --watch` logs the files; a sweep's worker
/// records the digests of those each case read. The handler is the state's own (its `fileObserver`), so states in one
/// process each tell theirs.
enum FileUseHooks {
    /// Wraps `lua`'s file functions and makes `handler` the state's file observer.
    static func install(in lua: LuaState, _ handler: @escaping @Sendable (_ path: String, _ writing: Bool) -> Void) throws {
        lua.fileObserver = handler
        try lua.loadString(wrappers, name: "=(file use)")
        LuaBinding.push(lua.L, noteFromLua)
        try lua.call(arguments: 1, results: 0)
    }

    /// The calling state's file observer for the Lua wrappers, `observer(path, writing)`: the binding runs under
    /// the state's rules (`FileAccess.inForce`).
    private static let noteFromLua: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "file use") { arguments in
            let path = try arguments.string(1), writing = arguments.boolean(2)
            FileAccess.inForce.observer?(path, writing)
            return 0
        }
    }

    /// Wraps Lua's file functions to call `note` (the chunk's argument, `noteFromLua`) first. A wrapper that may raise an error of
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
