import Foundation
import XCTest

/// F9: the debug library (available outside the sandbox) cannot crash the host: the registry and user values are out
/// of reach, userdata keep their makers' metatables, the upvalues and stack slots of C functions cannot be read or
/// replaced, the host's helpers refuse to run for a script, and binary chunks cannot be loaded by any route.
final class DebugLibraryTests: XCTestCase {
    /// Runs `chunk` without the sandbox; each test's chunk prints what it checks.
    private func run(_ chunk: String) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(["-e", "g = forcelab.graph.generate('grid', {rows = 3, columns = 3})\n" + chunk])
    }

    /// The first script: clearing the host's registry entry then calling a method.
    func testTheRegistryIsOutOfReach() throws {
        let result = try run("""
            print(pcall(function() debug.getregistry()["forcelab.metatables"] = nil end))
            print((pcall(debug.getuservalue, g)), (pcall(debug.setuservalue, g, {})))
            print(g:nodeCount())
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            false\t(command line):2: debug.getregistry is not available in forcelab (it reaches the host's own state)
            false\tfalse
            9

            """)
    }

    /// The second script: another userdata given a host object's metatable (and the reverse) is refused, and
    /// a method called on a userdata that is not a host object fails with a clear error.
    func testUserdataKeepTheirMetatables() throws {
        let result = try run("""
            print(pcall(debug.setmetatable, io.stdout, debug.getmetatable(g)))
            print(pcall(debug.setmetatable, g, getmetatable(io.stdout)))
            print(pcall(debug.setmetatable, g, nil))
            print(pcall(g.nodeCount, io.stdout))
            io.stdout:write("still a file\\n")
            print(g:nodeCount(), debug.setmetatable(7, nil), debug.getmetatable(g) ~= nil)
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 6 else { return XCTFail(result.stdout + result.stderr) }
        for line in lines[0...2] {
            XCTAssertTrue(line.hasPrefix("false\t") && line.contains("the metatable of a userdata belongs to the code that made it"), line)
        }
        XCTAssertTrue(lines[3].hasPrefix("false\t") && lines[3].contains("nodeCount"), lines[3])
        XCTAssertEqual(Array(lines[4...]), ["still a file", "9\t7\ttrue"])
    }

    /// The third script: no route (an upvalue, a function found on the stack while load runs, debug.debug)
    /// yields a loader that takes a binary chunk.
    func testNoRouteLoadsABinaryChunk() throws {
        let result = try run("""
            local binary = string.dump(function() return "ran" end)
            print(pcall(debug.getupvalue, load, 1))
            local found = {}
            load(function()
              for level = 1, 20 do
                local info = debug.getinfo(level, "fS")
                if info and info.what == "C" then found[#found + 1] = info.func end
              end
              return nil
            end)
            found[#found + 1] = load
            found[#found + 1] = loadfile
            local loaded = 0
            for _, f in ipairs(found) do
              for _, mode in ipairs{"b", "bt", "t"} do
                local ok, chunk = pcall(f, binary, "x", mode)
                if ok and type(chunk) == "function" and pcall(chunk) then loaded = loaded + 1 end
              end
            end
            print(#found >= 3, loaded)
            local pieces, i = {"return ", "2"}, 0
            print(load("return 1 + 1")(), load(function() i = i + 1 return pieces[i] end)())
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 3 else { return XCTFail(result.stdout + result.stderr) }
        XCTAssertTrue(lines[0].hasPrefix("false\t") && lines[0].contains("the upvalues of a C function belong to the host"), lines[0])
        XCTAssertEqual(Array(lines[1...]), ["true\t0", "2\t2"])
        let debugCommand = try ForcelabProcess.run(
            ["-e", "debug.debug()"], stdin: String(decoding: [27] + Array("LuaT\u{0}".utf8), as: UTF8.self) + "\nprint('text ran')\ncont\n")
        XCTAssertEqual(debugCommand.status, 0, debugCommand.stderr)
        XCTAssertEqual(debugCommand.stdout, "text ran\n")
        XCTAssertTrue(debugCommand.stderr.contains("attempt to load a binary chunk"), debugCommand.stderr)
    }

    /// A binding's upvalues cannot be replaced (its function pointer), nor a C function's stack slots; a helper the
    /// host calls, taken from the stack, refuses to run for the script.
    func testCFunctionsKeepTheirUpvaluesStacksAndHelpers() throws {
        let result = try run("""
            local method = g.nodeCount
            print(pcall(debug.setupvalue, method, 1, "not a function pointer"))
            print(pcall(debug.upvalueid, method, 1))
            print(g:nodeCount())
            local sim = forcelab.simulation(g)
            local ok, message = pcall(sim.run, sim, {maxTicks = 2, onTick = function() debug.setlocal(2, 1, "not a simulation") end})
            print(ok, message:match("[^\\n]*"))
            local stolen
            local force = setmetatable({}, {__index = function(t, key)
              stolen = stolen or debug.getinfo(2, "f").func
              if key == "force" then return function() end end
            end})
            sim:force("member", force)
            print(type(stolen), pcall(stolen, "junk", {}))
            print(pcall(stolen, io.stdout, "force"))
            print(sim:tick(2) == sim)
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 7 else { return XCTFail(result.stdout + result.stderr) }
        XCTAssertTrue(lines[0].hasPrefix("false\t") && lines[0].contains("debug.setupvalue: the upvalues of a C function"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("false\t") && lines[1].contains("debug.upvalueid"), lines[1])
        XCTAssertEqual(lines[2], "9")
        XCTAssertTrue(lines[3].hasPrefix("false\t") && lines[3].contains("level 2 runs a C function, whose stack belongs to the host"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("function\tfalse\t") && lines[4].contains("belongs to the host and cannot be called from a script"), lines[4])
        XCTAssertTrue(lines[5].hasPrefix("false\t") && lines[5].contains("belongs to the host"), lines[5])
        XCTAssertEqual(lines[6], "true")
    }

    /// What the debug library is for still works on Lua code.
    func testLuaCodeKeepsTheDebugLibrary() throws {
        let result = try run("""
            local hidden = 1
            local function f() return hidden end
            print(debug.getupvalue(f, 1), debug.setupvalue(f, 1, 2), f())
            local function g2() local x = 1; debug.setlocal(1, 1, 5); return x end
            print(g2(), debug.getinfo(1, "S").what, debug.traceback("here"):match("^here\\nstack traceback:") ~= nil)
            local count = 0
            debug.sethook(function() count = count + 1 end, "", 10)
            for i = 1, 1000 do end
            debug.sethook()
            print(count > 0, debug.upvalueid(f, 1) ~= nil, pcall(debug.upvaluejoin, f, 1, g2, 1))
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "hidden\thidden\t2\n5\tmain\ttrue\ntrue\ttrue\ttrue\n")
    }
}
