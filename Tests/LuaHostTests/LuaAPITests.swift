import CLuaShim
import Foundation
import LuaHost
import XCTest

/// The Lua API is what its declarations say (`LuaAPI`): the module and the metatables of a fresh state hold exactly
/// the declared functions, fields and methods, every options table belongs to a declared function,
/// docs/lua-api.md names every declared function and declares every one it names, and `forcelab --api`'s
/// description (`LuaAPIDescription`) carries them all.
final class LuaAPITests: LuaTestCase {
    /// The paths below the module of every function and every other value in a fresh state's `forcelab` table.
    private func modulePaths() -> (functions: Set<String>, values: Set<String>) {
        var functions: Set<String> = [], values: Set<String> = []
        let L = lua.L
        func walk(_ prefix: String) {
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                let key = prefix + (LuaValues.string(L, -2) ?? "?")
                switch lua_type(L, -1) {
                case LUA_TFUNCTION: functions.insert(key)
                case LUA_TTABLE where !["graph.generators", "build"].contains(key):
                    // A callable table (fl.live, which holds fl.live.stop) is a function too.
                    if luaL_getmetafield(L, -1, "__call") != LUA_TNIL {
                        lua_settop(L, lua_gettop(L) - 1)
                        functions.insert(key)
                    }
                    walk(key + ".")
                default: values.insert(key)
                }
                lua_settop(L, lua_gettop(L) - 1)
            }
        }
        lua_getglobal(L, "forcelab")
        walk("")
        lua_settop(L, 0)
        return (functions, values.union(["graph.generators", "build"]))
    }

    func testTheModuleHoldsExactlyTheDeclaredFunctionsAndFields() {
        let found = modulePaths()
        XCTAssertEqual(found.functions, Set(LuaAPI.functions.map(\.name)))
        XCTAssertEqual(found.values, Set(LuaAPI.fields.map(\.name)))
        XCTAssertEqual(LuaAPI.functions.count, Set(LuaAPI.functions.map(\.name)).count, "a function declared twice")
    }

    func testEachMetatableHoldsExactlyTheDeclaredMethods() {
        let L = lua.L
        for type in LuaAPI.types {
            XCTAssertEqual(fl_getmetatable_named(L, type.metatable), LUA_TTABLE, type.metatable)
            if lua_getfield(L, -1, "methods") != LUA_TTABLE {
                lua_settop(L, lua_gettop(L) - 1)
                lua_getfield(L, -1, "__index")
            }
            var names: Set<String> = []
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                XCTAssertEqual(lua_type(L, -1), LUA_TFUNCTION, "\(type.name).\(LuaValues.string(L, -2) ?? "?")")
                names.insert(LuaValues.string(L, -2) ?? "?")
                lua_settop(L, lua_gettop(L) - 1)
            }
            lua_settop(L, 0)
            XCTAssertEqual(names, Set(type.methods.map(\.name)), type.name)
            for name in type.metamethodNames { XCTAssertTrue(name.hasPrefix("__"), "\(type.name): \(name)") }
        }
    }

    func testEveryOptionsTableBelongsToADeclaredFunction() {
        let read = Set(LuaAPI.documentedFunctions.flatMap(\.declaration.options))
        let declared = Set(LuaOptionTables.all.map(\.function))
        XCTAssertEqual(read.subtracting(declared), [], "functions read options tables that LuaOptionTables.all lacks")
        XCTAssertEqual(declared.subtracting(read), [], "options tables no declared function reads")
    }

    func testDeclaredReadersOnlyRead() {
        // A declared reading call changes nothing: completion may evaluate it.
        run("""
            g = fl.graph.generate("tree", {n = 5}); sim = fl.simulation(g); sim:force("c", fl.force.manyBody())
            before = g:nodeCount() .. sim:alpha() .. tostring(sim:force("c"))
            for _, call in ipairs{function() return g:node("0") end, function() return g:degree("0") end,
                function() return sim:alpha() end, function() return sim:force("c"):strength() end,
                function() return sim:find(0, 0) end} do call() end
            assert(before == g:nodeCount() .. sim:alpha() .. tostring(sim:force("c")))
            """)
        let readers = LuaAPI.documentedFunctions.filter { $0.declaration.reads != nil }.map(\.name)
        for name in ["g:node", "g:nodes", "sim:alpha", "sim:find", "node:snapshot", "f:strength"] {
            XCTAssertTrue(readers.contains(name), name)
        }
        for name in ["sim:tick", "sim:run", "g:addNode", "sim:nodes", "f:links"] { XCTAssertFalse(readers.contains(name), name) }
    }

    /// The declarations say which functions are a type's methods (a graph's refusal is prefixed with the method's
    /// name), not the shape of a name: no module function, function outside the API or undeclared `g:` name.
    func testTheDeclarationsSayWhichFunctionsAreMethods() {
        XCTAssertTrue(LuaAPI.isMethod("g:addNode") && LuaAPI.isMethod("sim:run") && LuaAPI.isMethod("node:snapshot"))
        XCTAssertFalse(LuaAPI.isMethod("fl.graph.new") || LuaAPI.isMethod("index") || LuaAPI.isMethod("g:nosuch"))
    }

    func testTheDocsNameEveryDeclaredFunctionAndNoOther() throws {
        let text = try String(contentsOf: OptionDocsTests.apiDocs, encoding: .utf8)
        // A force's accessors are documented once for all ("one per option"), each option in its force's table.
        let accessors = Set(LuaOptionTables.all.filter { $0.function.hasPrefix("fl.force.") }.flatMap(\.names))
        for (name, _) in LuaAPI.documentedFunctions where !(name.hasPrefix("f:") && accessors.contains(String(name.dropFirst(2)))) {
            // The docs call a link force `link`.
            let names = name.hasPrefix("f:") ? [name, "link:" + name.dropFirst(2)] : [name]
            XCTAssertTrue(names.contains { text.contains("`" + $0) }, "docs/lua-api.md does not name \(name)")
        }
        let declared = Set(LuaAPI.documentedFunctions.map(\.name))
        let receivers = Set(LuaAPI.types.map(\.receiver)).union(["link"])
        let call = try NSRegularExpression(pattern: #"(?<![\w.:])((?:fl(?:\.[A-Za-z]+)+)|(?:[a-z]+:[A-Za-z]+))\s*[({"]"#)
        for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            var name = String(text[Range(match.range(at: 1), in: text)!])
            if let colon = name.firstIndex(of: ":") {
                guard receivers.contains(String(name[..<colon])) else { continue }
                if name.hasPrefix("link:") { name = "f:" + name.dropFirst(5) }
            }
            XCTAssertTrue(declared.contains(name), "docs/lua-api.md calls \(name), which is not declared")
        }
    }

    func testSignaturesReadAsDeclared() {
        let signature = LuaSignature("(x: number, y?: number|table, ...: fun(a: integer, b: string)): Node?, string")
        XCTAssertEqual(signature.parameters.map(\.name), ["x", "y", "..."])
        XCTAssertEqual(signature.parameters.map(\.optional), [false, true, false])
        XCTAssertEqual(signature.parameters.last?.kind, "fun(a: integer, b: string)")
        XCTAssertEqual(signature.results, ["Node?", "string"])
        XCTAssertEqual(LuaSignature("()").parameters.count, 0)
        XCTAssertEqual(LuaSignature("()").results, [])
        XCTAssertEqual(signature.text, "(x: number, y?: number|table, ...: fun(a: integer, b: string)): Node?, string")
    }

    func testTheDescriptionCarriesTheWholeAPI() throws {
        let text = LuaAPIDescription.json(commandLine: .array([])).text
        let description = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(description["schema"] as? Int, LuaAPIDescription.schema)
        let functions = try XCTUnwrap(description["functions"] as? [[String: Any]])
        XCTAssertEqual(functions.compactMap { $0["name"] as? String }, LuaAPI.functions.map { "fl." + $0.name })
        let new = try XCTUnwrap(functions.first { $0["name"] as? String == "fl.simulation" })
        XCTAssertEqual(new["options"] as? [String], ["fl.simulation"])
        XCTAssertEqual((new["parameters"] as? [[String: Any]])?.first?["kind"] as? String, "Graph")
        let types = try XCTUnwrap(description["types"] as? [[String: Any]])
        let graph = try XCTUnwrap(types.first { $0["name"] as? String == "Graph" })
        XCTAssertEqual(graph["receiver"] as? String, "g")
        XCTAssertTrue((graph["methods"] as? [[String: Any]])?.contains { $0["name"] as? String == "g:addNode" } == true)
        let tables = try XCTUnwrap(description["options"] as? [[String: Any]])
        XCTAssertEqual(tables.count, LuaOptionTables.all.count)
        let simulation = try XCTUnwrap(tables.first { $0["function"] as? String == "fl.simulation" }?["options"] as? [[String: Any]])
        let velocityDecay = try XCTUnwrap(simulation.first { $0["name"] as? String == "velocityDecay" })
        XCTAssertEqual(velocityDecay["kind"] as? String, "number")
        XCTAssertEqual(velocityDecay["min"] as? Double, 0)
        XCTAssertEqual(velocityDecay["max"] as? Double, 1)
        XCTAssertEqual(velocityDecay["default"] as? Double, 0.4)
        let placement = try XCTUnwrap(simulation.first { $0["name"] as? String == "placement" })
        XCTAssertEqual(placement["choices"] as? [String], ["phyllotaxis", "random"])
        let node = try XCTUnwrap(tables.first { $0["function"] as? String == "g:addNode" }?["options"] as? [[String: Any]])
        XCTAssertEqual(node.first { $0["name"] as? String == "x" }?["max"] as? String, "inf")
        XCTAssertEqual(node.first { $0["name"] as? String == "id" }?["required"] as? Bool, true)
    }
}
