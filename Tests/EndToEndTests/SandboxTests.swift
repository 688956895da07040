import Foundation
import XCTest

/// `--sandbox`: the known escapes are tried and each is blocked; what the sandbox allows still works.
final class SandboxTests: XCTestCase {
    /// A folder with `scripts/` (the script's folder), `data/` (for --allow-read), `secret/` (outside) and the
    /// working folder's `out/`, plus links from inside to the secret.
    private func playground() throws -> URL {
        let root = try ForcelabProcess.temporaryFolder(self)
        let manager = FileManager.default
        for folder in ["scripts", "data", "secret", "out"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "secret\n".write(to: root.appendingPathComponent("secret/s.txt"), atomically: true, encoding: .utf8)
        try "return 'nope'".write(to: root.appendingPathComponent("secret/evil.lua"), atomically: true, encoding: .utf8)
        try "data\n".write(to: root.appendingPathComponent("data/d.txt"), atomically: true, encoding: .utf8)
        try "return {answer = 42}".write(to: root.appendingPathComponent("scripts/helper.lua"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("scripts/link.txt").path,
                                       withDestinationPath: root.appendingPathComponent("secret/s.txt").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("scripts/evil.lua").path,
                                       withDestinationPath: root.appendingPathComponent("secret/evil.lua").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("out/escape").path,
                                       withDestinationPath: root.appendingPathComponent("secret").path)
        return root
    }

    /// Runs `code` as scripts/test.lua under --sandbox (with `extra` options) in the playground.
    private func sandboxed(_ code: String, _ extra: [String] = [], in root: URL) throws -> ForcelabProcess.Result {
        let script = root.appendingPathComponent("scripts/test.lua")
        try code.write(to: script, atomically: true, encoding: .utf8)
        return try ForcelabProcess.run(["--sandbox"] + extra + [script.path], in: root)
    }

    func testProcessesEnvironmentNativeCodeAndDebugAreGone() throws {
        let root = try playground()
        let result = try sandboxed("""
            for _, name in ipairs{"os.execute", "io.popen", "os.remove", "os.rename", "os.tmpname", "os.exit", "os.getenv",
                                  "os.setlocale", "io.tmpfile", "package.loadlib", "package.searchpath", "string.dump", "debug"} do
              local value = load("return " .. name)()
              if value ~= nil then print("present", name) end
            end
            print(package.loaded.debug, #package.searchers, os.time() > 0, string.format("%d", 7))
            -- the string metatable leads to the same string table
            print(getmetatable("").__index.dump, ("").dump)
            -- a custom environment gives nothing the sandbox took away
            print(load("return os.execute, debug", "env", "t", setmetatable({}, {__index = _G}))())
            -- nor does a coroutine
            print(coroutine.wrap(function() return os.execute, io.popen end)())
            -- binary chunks by every route
            print(load(string.char(27) .. "Lua", "b", "b"))
            print(pcall(load, string.char(27) .. "LuaT"))
            -- C modules
            package.cpath = "/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;./?.so"
            local ok, message = pcall(require, "lpeg")
            print(ok, message:match("^module 'lpeg' not found:") ~= nil)
            for _, option in ipairs{"stop", "restart", "incremental", "generational", "setpause", "setstepmul"} do
              print(option, (pcall(collectgarbage, option, 100)))
            end
            print(collectgarbage("count") > 0, collectgarbage("step"), collectgarbage())
            """, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 15 else { return XCTFail(result.stdout) }
        XCTAssertFalse(result.stdout.contains("present"), result.stdout)
        XCTAssertEqual(lines[0], "nil\t2\ttrue\t7")
        XCTAssertEqual(lines[1], "nil\tnil")
        XCTAssertEqual(lines[2], "nil\tnil")
        XCTAssertEqual(lines[3], "nil\tnil")
        XCTAssertEqual(lines[4], "nil\tbinary chunks are not loaded (mode is 'b')")
        XCTAssertTrue(lines[5].hasPrefix("true\tnil\tattempt to load a binary chunk"), lines[5])
        XCTAssertEqual(lines[6], "false\ttrue")
        XCTAssertEqual(Array(lines[7...12]), ["stop\tfalse", "restart\tfalse", "incremental\tfalse", "generational\tfalse",
                                                 "setpause\tfalse", "setstepmul\tfalse"])
        XCTAssertTrue(lines[13].hasPrefix("true\t"), lines[13])
    }

    func testReadsStayUnderTheScriptsFolderAndAllowedFolders() throws {
        let root = try playground()
        let result = try sandboxed("""
            local function try(path) local f, message = io.open(path) if f then print("opened", path) f:close() else print(message ~= nil) end end
            print(io.open("scripts/helper.lua") ~= nil, require("helper").answer)
            print(io.open("data/d.txt") ~= nil)
            try("secret/s.txt")
            try("scripts/../secret/s.txt")
            try("scripts/link.txt")
            try("/etc/passwd")
            try("/proc/self/environ")
            try("/proc/self/root\(root.path)/secret/s.txt")
            try("/proc/self/cwd/secret/s.txt")
            try("scripts/helper.lua\\0.txt")
            print(pcall(io.lines, "secret/s.txt"))
            print(pcall(io.input, "secret/s.txt"))
            print(loadfile("secret/evil.lua"))
            print(pcall(dofile, "secret/evil.lua"))
            local ok, message = pcall(require, "evil")
            print(ok, (message:gsub("\\n", " ")))
            package.path = "\(root.path)/secret/?.lua;" .. package.path
            ok, message = pcall(require, "evil")
            print(ok, (message:gsub("\\n", " ")))
            print(pcall(forcelab.graph.load, "secret/s.txt"))
            """, ["--allow-read", root.appendingPathComponent("data").path], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("opened"), result.stdout)
        XCTAssertFalse(result.stdout.contains("nope"), result.stdout)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 17 else { return XCTFail(result.stdout) }
        XCTAssertEqual(Array(lines[0...1]), ["true\t42", "true"])
        XCTAssertEqual(Array(lines[2...9]), Array(repeating: "true", count: 8))
        for line in lines[10...] {
            XCTAssertTrue(line.hasPrefix("false") || line.hasPrefix("nil"), line)
        }
        XCTAssertTrue(result.stdout.contains("cannot read 'secret/s.txt': the sandbox reads only under '\(root.appendingPathComponent("scripts").resolvingSymlinksInPath().path)' "
                                             + "(the script's folder), '\(root.appendingPathComponent("data").resolvingSymlinksInPath().path)' (--allow-read), '"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("no file '\(root.path)/secret/evil.lua' (not readable in the sandbox)"), result.stdout)
        // The guarded library functions fail at the script's line, as stock Lua's do.
        let missing = try sandboxed("\nfor line in io.lines('scripts/missing.csv') do end", in: root)
        XCTAssertTrue(missing.stderr.contains("/scripts/test.lua:2: cannot open file 'scripts/missing.csv' (No such file or directory)"), missing.stderr)
        let refused = try sandboxed("\n\nio.lines('secret/s.txt')", in: root)
        XCTAssertTrue(refused.stderr.contains("/scripts/test.lua:3: cannot read 'secret/s.txt'"), refused.stderr)
    }

    func testEveryWriterWritesOnlyUnderOut() throws {
        let root = try playground()
        let result = try sandboxed("""
            local f = assert(io.open("out/note.txt", "w")) f:write("kept") f:close()
            print(io.open("out/note.txt"):read("a"))
            local g = forcelab.graph.generate("grid", {rows = 2, columns = 2})
            forcelab.simulation(g):tick()
            print((pcall(g.save, g, "out/grid.json")))
            print((pcall(forcelab.svg.graph, g, "out/grid.svg")))
            for _, path in ipairs{"secret/w.txt", "out/../secret/w.txt", "out/escape/w.txt", "scripts/w.txt", "/tmp/w.txt", "out/a\\0b"} do
              print(io.open(path, "w") == nil, io.open(path, "a+") == nil, (pcall(io.output, path)), (pcall(g.save, g, path .. ".json")),
                    (pcall(forcelab.svg.graph, g, path .. ".svg")))
            end
            """, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 9 else { return XCTFail(result.stdout) }
        XCTAssertEqual(Array(lines[0...2]), ["kept", "true", "true"])
        XCTAssertEqual(Array(lines[3...]), Array(repeating: "true\ttrue\tfalse\tfalse\tfalse", count: 6))
        let secret = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("secret").path)
        XCTAssertEqual(Set(secret), ["s.txt", "evil.lua"])
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path)),
                       ["note.txt", "grid.json", "grid.svg", "escape"])
    }

    /// fl.mkdir makes folders under --out only: a path outside, or one leading out through `..` or a link, is refused
    /// before any folder is made.
    func testMkdirMakesFoldersOnlyUnderOut() throws {
        let root = try playground()
        let result = try sandboxed("""
            print(forcelab.mkdir("out/a/b/c"), forcelab.mkdir("out/a/b/c"))
            for _, path in ipairs{"secret/made", "made/inner", "out/../secret/made", "out/escape/made/inner", "out/a/../../made", "/tmp"} do
              local ok, message = pcall(forcelab.mkdir, path)
              print(ok, message:match("cannot write '[^']*': the sandbox writes only under") ~= nil)
            end
            """, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "out/a/b/c\tout/a/b/c\n" + String(repeating: "false\ttrue\n", count: 6))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/a/b/c").path, isDirectory: &isFolder))
        XCTAssertTrue(isFolder.boolValue)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("secret").path)),
                       ["s.txt", "evil.lua"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("made").path))
    }

    /// A refusal met by a forcelab call names the call before the path and the folders allowed, as its other file
    /// errors do.
    func testARefusalNamesTheCall() throws {
        let root = try playground()
        let result = try sandboxed("""
            local g = fl.graph.generate("grid", {rows = 1, columns = 2})
            fl.simulation(g):tick()
            for _, call in ipairs{function() fl.graph.load("/etc/passwd") end, function() g:save("secret/g.json") end,
                                  function() fl.data.read("/etc/passwd", {format = "csv"}) end, function() fl.svg.graph(g, "secret/g.svg") end,
                                  function() fl.mkdir("secret/made") end} do
              print((select(2, pcall(call)):gsub("^[^:]*:%d+: ", "")))
            end
            """, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 5 else { return XCTFail(result.stdout) }
        let expected = [
            "fl.graph.load: cannot read '/etc/passwd': the sandbox reads only under ",
            "g:save: cannot write 'secret/g.json': the sandbox writes only under ",
            "fl.data.read: cannot read '/etc/passwd': the sandbox reads only under ",
            "fl.svg.graph: cannot write 'secret/g.svg': the sandbox writes only under ",
            "fl.mkdir: cannot write 'secret/made': the sandbox writes only under ",
        ]
        for (line, start) in zip(lines, expected) { XCTAssertTrue(line.hasPrefix(start), line) }
    }

    func testOutFolderIsMadeAndOptionsNeedTheSandbox() throws {
        let root = try playground()
        let result = try sandboxed("print(io.open('results/x.txt', 'w') ~= nil)", ["--out", "results"], in: root)
        XCTAssertEqual(result.stdout, "true\n", result.stderr)
        XCTAssertEqual(try ForcelabProcess.run(["--out", "x", "-e", "print(1)"]).status, 2)
        XCTAssertEqual(try ForcelabProcess.run(["--sandbox", "--allow-read", "/no/such/folder", "-e", "print(1)"]).status, 2)
        // limits hold in the sandbox too
        let limited = try sandboxed("while true do end", ["--max-instructions", "100000"], in: root)
        XCTAssertEqual(limited.status, 3)
    }

    /// `--sandbox` implies -E: LUA_INIT and LUA_INIT_5_4 do not run (one naming a file outside the allowed folders
    /// was read, and quoted in the error), nor does LUA_PATH lead `require` outside; the usage says so.
    func testTheSandboxIgnoresLuaInitAndLuaPath() throws {
        let root = try playground()
        let script = root.appendingPathComponent("scripts/test.lua")
        try "print(greeting, pcall(require, 'evil'))".write(to: script, atomically: true, encoding: .utf8)
        let outside = root.appendingPathComponent("secret/init.lua")
        try "greeting = 'from outside'".write(to: outside, atomically: true, encoding: .utf8)
        for environment in [["LUA_INIT": "@" + outside.path], ["LUA_INIT_5_4": "greeting = 'hi'"], ["LUA_INIT": "greeting = 'hi'"]] {
            let open = try ForcelabProcess.run([script.path], in: root, environment: environment)
            XCTAssertTrue(open.stdout.hasPrefix("from outside\t") || open.stdout.hasPrefix("hi\t"), "without --sandbox it runs: \(open.stdout)")
            let result = try ForcelabProcess.run(["--sandbox", script.path], in: root, environment: environment.merging(
                ["LUA_PATH": root.appendingPathComponent("secret").path + "/?.lua"]) { $1 })
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("nil\tfalse\t"), result.stdout)
            XCTAssertFalse(result.stdout.contains("nope") || result.stderr.contains("secret/init.lua"), result.stdout + result.stderr)
        }
        let usage = try ForcelabProcess.run(["-h"])
        XCTAssertTrue(usage.stdout.contains("implies -E, so\n") || usage.stdout.contains("implies -E, so "), usage.stdout)
        XCTAssertTrue(usage.stdout.contains("LUA_INIT does not run"), usage.stdout)
    }
}
