import Foundation
import XCTest

/// Module search as the stock `lua5.4` does it: LUA_PATH, LUA_CPATH and their _5_4 variants, `-E`, and a LuaRocks
/// tree (a pure-Lua and a C module, built offline by luarocks from Tests/Fixtures/luarocks); the sandbox refuses
/// what it refuses elsewhere.
final class LuaRocksTests: XCTestCase {
    /// Runs `program arguments...` and returns its standard output; it must succeed.
    private func output(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let result = try ForcelabProcess.run(arguments, environment: environment, executable: program)
        XCTAssertEqual(result.status, 0, "\(program) \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// The path of `program` on PATH.
    private func which(_ program: String) throws -> String {
        let path = try output("/usr/bin/which", [program]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(path.isEmpty, "no \(program): scripts/setup installs it")
        return path
    }

    func testModuleSearchPathsAreStockLuasForEveryVariable() throws {
        let lua = try which("lua5.4")
        let paths = ["-e", "print(package.path) print(package.cpath)"]
        let cases: [[String: String]] = [
            [:],
            ["LUA_PATH": "/a/?.lua", "LUA_CPATH": "/a/?.so"],
            ["LUA_PATH": "/a/?.lua;;/b/?.lua", "LUA_CPATH": ";;/a/?.so"],
            ["LUA_PATH_5_4": "/five/?.lua;;", "LUA_PATH": "/a/?.lua", "LUA_CPATH_5_4": "/five/?.so", "LUA_CPATH": "/a/?.so"],
            ["LUA_PATH_5_4": "", "LUA_PATH": "/a/?.lua"],
        ]
        // Each case runs with only its own variables: env unsets the others.
        let unset = ["LUA_PATH", "LUA_CPATH", "LUA_PATH_5_4", "LUA_CPATH_5_4"].flatMap { ["-u", $0] }
        for variables in cases {
            let settings = unset + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            for options in [[], ["-E"]] {
                let stock = try output("/usr/bin/env", settings + [lua] + options + paths)
                let ours = try output("/usr/bin/env", settings + [ForcelabProcess.binary] + options + paths)
                XCTAssertEqual(ours, stock, "\(options) \(variables)")
            }
        }
        // The case with LUA_PATH_5_4 takes it over LUA_PATH, as lua5.4 does; -E leaves the default paths.
        let fiveFour = try output(ForcelabProcess.binary, paths, environment: ["LUA_PATH_5_4": "/five/?.lua;;", "LUA_PATH": "/a/?.lua"])
        XCTAssertTrue(fiveFour.hasPrefix("/five/?.lua;"), fiveFour)
        XCTAssertFalse(fiveFour.contains("/a/?.lua"), fiveFour)
        let ignored = try output(ForcelabProcess.binary, ["-E"] + paths, environment: ["LUA_PATH": "/a/?.lua", "LUA_CPATH": "/a/?.so"])
        XCTAssertFalse(ignored.contains("/a/"), ignored)
    }

    /// A LuaRocks tree holding the fixture rock, and the variables `luarocks path` gives for it (as
    /// `eval $(luarocks --lua-version 5.4 --tree TREE path)` sets them).
    private func rockTree() throws -> (tree: URL, environment: [String: String]) {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let source = folder.appendingPathComponent("rock")
        try FileManager.default.copyItem(
            at: ForcelabProcess.packageRoot.appendingPathComponent("Tests/Fixtures/luarocks"), to: source)
        let tree = folder.appendingPathComponent("lua_modules")
        let luarocks = try which("luarocks")
        let made = try ForcelabProcess.run(
            ["--lua-version", "5.4", "--tree", tree.path, "make", "demo-1.0-1.rockspec"], in: source, executable: luarocks)
        XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
        let exports = try output(luarocks, ["--lua-version", "5.4", "--tree", tree.path, "path"])
        var environment: [String: String] = [:]
        for line in exports.split(separator: "\n") where line.hasPrefix("export LUA_") {
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        XCTAssertNotNil(environment["LUA_PATH"], exports)
        XCTAssertNotNil(environment["LUA_CPATH"], exports)
        return (tree, environment)
    }

    func testALuaRocksTreeLoadsPureLuaAndCModules() throws {
        let (tree, environment) = try rockTree()
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("use-rocks.lua")
        try """
            local greeting, twice = require "greeting", require "twice"
            print(greeting.hello("rock"), twice.twice(21), package.searchpath("twice", package.cpath))
            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run([script.path], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "hello rock\t42.0\t\(tree.path)/lib/lua/5.4/twice.so\n")
        // LUA_PATH_5_4 / LUA_CPATH_5_4 alone do as well; -E ignores them all.
        let fiveFour = ["LUA_PATH_5_4": environment["LUA_PATH"]!, "LUA_CPATH_5_4": environment["LUA_CPATH"]!, "LUA_PATH": "", "LUA_CPATH": ""]
        XCTAssertEqual(try ForcelabProcess.run([script.path], environment: fiveFour).stdout, result.stdout)
        let ignoring = try ForcelabProcess.run(["-E", script.path], environment: environment)
        XCTAssertEqual(ignoring.status, 1)
        XCTAssertTrue(ignoring.stderr.contains("module 'greeting' not found"), ignoring.stderr)
    }

    func testTheSandboxRefusesRocksAsItRefusesOtherFilesAndNativeCode() throws {
        let (tree, environment) = try rockTree()
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("sandboxed.lua")
        try """
            print(package.cpath, package.loadlib, #package.searchers)
            local function try(name)
              local ok, message = pcall(require, name)
              print(name, ok)
              io.stderr:write(message, "\\n")
            end
            try("twice")
            try("greeting")
            -- the tree named by the script itself
            package.path = "\(tree.path)/share/lua/5.4/?.lua;" .. package.path
            try("greeting")
            """.write(to: script, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out").path
        let result = try ForcelabProcess.run(["--sandbox", "--out", out, script.path], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "nil\tnil\t2\ntwice\tfalse\ngreeting\tfalse\ngreeting\tfalse\n")
        // --sandbox implies -E: luarocks path's variables are ignored, and no C module is looked for.
        XCTAssertFalse(result.stderr.contains(".so"), result.stderr)
        let messages = result.stderr.components(separatedBy: "module 'greeting' not found")
        XCTAssertEqual(messages.count, 3, result.stderr)
        XCTAssertFalse(messages[1].contains(tree.path), result.stderr)
        // Named by the script, the tree's files are refused as any file outside the readable folders is.
        XCTAssertTrue(result.stderr.contains("no file '\(tree.path)/share/lua/5.4/greeting.lua' (not readable in the sandbox)"),
                      result.stderr)
        // Allowed to read the tree, its pure-Lua module loads and its C module still does not.
        let allowed = try ForcelabProcess.run(
            ["--sandbox", "--allow-read", tree.path, "--out", out, "-e",
             "package.path = '\(tree.path)/share/lua/5.4/?.lua'; print(require('greeting').hello('sandbox'), pcall(require, 'twice'))"],
            environment: environment)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stdout.hasPrefix("hello sandbox\tfalse\tmodule 'twice' not found:"), allowed.stdout)
    }
}
