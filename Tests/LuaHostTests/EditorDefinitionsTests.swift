import CLuaShim
import Foundation
import LuaHost
import XCTest

/// The editor definitions and the luacheck standard (`forcelab --definitions`) declare everything the module and
/// the options tables declare, and are Lua that parses and loads.
final class EditorDefinitionsTests: XCTestCase {
    private var source: DefinitionsSource!
    private var meta = ""

    override func setUpWithError() throws {
        source = try DefinitionsSource.current()
        meta = LuaLanguageServerDefinitions.meta(source)
    }

    func testEveryOptionsTableIsAnExactClassOfItsOptionsWithTypedDocumentedFields() {
        XCTAssertEqual(source.optionTables.count, LuaOptionTables.all.count)
        for table in LuaOptionTables.all {
            let name = LuaLanguageServerDefinitions.className(ofOptions: table)
            let keys = table.names.isEmpty ? "never" : table.names.map { "\"\($0)\"" }.joined(separator: "|")
            // A table with fields of its own (a table force's state) is a class open to other keys.
            let head = table.hasOwnFields ? "---@class \(name)" : "---@class (exact) \(name): table<\(keys), any>"
            XCTAssertTrue(meta.contains("\n\(head)\n"), "\(table.function): no class \(name)")
            for option in table.options {
                XCTAssertTrue(meta.contains("\n---@field \(option.name)"), "\(table.function): no field \(option.name)")
                XCTAssertTrue(meta.contains(option.doc.replacingOccurrences(of: "\n", with: " ")), "\(table.function).\(option.name): no doc")
            }
        }
        // Each class name is one table's.
        let names = LuaOptionTables.all.map(LuaLanguageServerDefinitions.className(ofOptions:))
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertTrue(meta.contains("---@param options? forcelab.options.force.manyBody\n"), meta)
        XCTAssertTrue(meta.contains("---@param force? forcelab.Force|function|forcelab.options.sim.force.table|nil\n"), meta)
    }

    func testEveryModuleFunctionMethodAndFieldIsDeclared() {
        let lua = try? LuaState()
        guard let lua else { return XCTFail("no state") }
        // The module as Lua sees it, walked in Lua: every path of a function, and every method of each kind of object.
        let paths = try? Self.output(lua, """
            local found = {}
            local function walk(t, prefix)
              for key, value in pairs(t) do
                if type(value) == "function" then found[#found + 1] = "function forcelab." .. prefix .. key .. "("
                elseif type(value) == "table" then walk(value, prefix .. key .. ".") end
              end
            end
            walk(forcelab, "")
            local g = forcelab.graph.new()
            local sim = forcelab.simulation(g)
            for _, object in ipairs{g, g:addNode{id = "a"}, sim, forcelab.force.manyBody{}, sim:record()} do
              local metatable = debug.getmetatable(object)
              local methods = type(metatable.__index) == "table" and metatable.__index or metatable.methods
              for key in pairs(methods) do found[#found + 1] = ":" .. key .. "(" end
            end
            return table.concat(found, "\\n")
            """)
        XCTAssertGreaterThan(paths?.count ?? 0, 20)
        for path in paths ?? [] {
            XCTAssertTrue(meta.contains(path), "the definitions lack \(path)")
        }
        XCTAssertTrue(meta.contains("---@field version string"), meta)
        XCTAssertTrue(meta.hasSuffix("---@type forcelab\nfl = forcelab\n\nreturn forcelab\n"))
    }

    func testTheFilesAreLuaThatParsesAndTheStandardLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-definitions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let metaFile = folder.appendingPathComponent("forcelab.lua"), standard = folder.appendingPathComponent("std.lua")
        try meta.write(to: metaFile, atomically: true, encoding: .utf8)
        try LuacheckStandard.file(source).write(to: standard, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Self.status("/usr/bin/luac5.4", ["-p", metaFile.path]), 0)
        let lua = try LuaState()
        let loaded = try Self.output(lua, """
            local std = dofile("\(standard.path)")
            assert(std.read_globals.fl == std.read_globals.forcelab)
            local force = std.read_globals.fl.fields.force.fields
            return (force.manyBody and "manyBody" or "none") .. "\\n" .. tostring(std.read_globals.fl.fields.graph.fields.generators.other_fields)
            """)
        XCTAssertEqual(loaded, ["manyBody", "true"])
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(LuaLanguageServerDefinitions.config().utf8)))
    }

    /// The lines of the string a chunk returns.
    private static func output(_ lua: LuaState, _ code: String) throws -> [String] {
        try lua.loadString(code, name: "=test")
        try lua.call(results: 1)
        defer { lua_settop(lua.L, 0) }
        return (LuaValues.string(lua.L, -1) ?? "").split(separator: "\n").map(String.init)
    }

    /// The exit status of `program arguments...`.
    private static func status(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
