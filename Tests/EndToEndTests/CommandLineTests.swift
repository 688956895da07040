import Foundation
import XCTest

/// The CLI behaves like the stock `lua` interpreter.
final class CommandLineTests: XCTestCase {
    func testExecuteChunkAndVersion() throws {
        let result = try ForcelabProcess.run(["-e", "print(forcelab.version == require('forcelab').version, type(forcelab.version))"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "true\tstring\n")
        let version = try ForcelabProcess.run(["-v"])
        XCTAssertTrue(version.stdout.hasPrefix("forcelab "), version.stdout)
        XCTAssertTrue(version.stdout.contains("\nbuild: debug, portable engine (any x86-64)\n"), version.stdout)
        XCTAssertTrue(version.stdout.contains("\nengine defaults: exact mode, "), version.stdout)
    }

    /// `forcelab -v` and `fl.build` name the commit the binary was built from, as git names the package's HEAD.
    func testVersionNamesTheCommitBuiltFrom() throws {
        let git = Process(), pipe = Pipe()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", ForcelabProcess.packageRoot.path, "rev-parse", "HEAD"]
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        git.waitUntilExit()
        guard git.terminationStatus == 0, !head.isEmpty else { throw XCTSkip("the package is not a git checkout") }
        let version = try ForcelabProcess.run(["-v"])
        XCTAssertTrue(version.stdout.contains("\ncommit: \(head)"), version.stdout)
        let build = try ForcelabProcess.run(["-e", "print(fl.build.commit, type(fl.build.clean), fl.build.version == fl.version, fl.build.engine)"])
        XCTAssertEqual(build.stdout, "\(head)\tboolean\ttrue\tportable\n", build.stderr)
    }

    func testScriptArgumentsReachArgAndVarargs() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("args.lua")
        try "print(select('#', ...), table.concat({...}, ','), arg[0], arg[1], arg[2], arg[-1], arg[-2])".write(to: script, atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run(["-e", "x=1", script.path, "a", "b"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2\ta,b\t\(script.path)\ta\tb\tx=1\t-e\n")
    }

    func testScriptErrorGivesLocationTracebackAndStatusOne() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("bad.lua")
        try "local x = 1\nlocal function f() error('broken here') end\nf()\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run([script.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("forcelab: \(script.path):2: broken here\nstack traceback:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.lua:3: in main chunk"), result.stderr)
    }

    func testSyntaxErrorNamesFileAndLine() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("syntax.lua")
        try "print(1)\nlocal = 2\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run([script.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("forcelab: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("syntax.lua:2: <name> expected near '='"), result.stderr)
    }

    func testAPrecompiledScriptIsRefusedWithItsName() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("compiled.luac")
        // A binary chunk's signature and a few corrupt bytes: loading it is refused before Lua reads them.
        try Data([0x1b, 0x4c, 0x75, 0x61, 0x54, 0x00, 0xff, 0x13, 0x37]).write(to: script)
        let result = try ForcelabProcess.run([script.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "forcelab: \(script.path): attempt to load a binary chunk (mode is 't')\n")
    }

    func testUsageErrorsExitWithTwo() throws {
        let unknown = try ForcelabProcess.run(["-x"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("forcelab: unknown option '-x'\nusage: forcelab"), unknown.stderr)
        let missing = try ForcelabProcess.run(["-e"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("'-e' needs a value"), missing.stderr)
    }

    /// The kernel's command line is read once, by its declaration: what that takes (`-fFILE` joined, as lua.c takes
    /// `-estat`; the sandbox's options) the options of the cells' runs take from the same reading.
    func testTheKernelsCommandLineIsReadOnce() throws {
        let joined = try ForcelabProcess.run(["kernel", "-fnone.json"])
        XCTAssertEqual(joined.status, 1, joined.stderr)
        XCTAssertTrue(joined.stderr.hasPrefix("forcelab kernel: cannot read the connection file 'none.json'"), joined.stderr)
        let outside = try ForcelabProcess.run(["kernel", "-f", "none.json", "--out", "x"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("'--out', '--allow-read' and '--allow-live' apply to '--sandbox'"), outside.stderr)
        let notTheKernels = try ForcelabProcess.run(["kernel", "-f", "none.json", "--watch"])
        XCTAssertEqual(notTheKernels.status, 2)
        XCTAssertTrue(notTheKernels.stderr.hasPrefix("forcelab kernel: unknown option '--watch'\nusage: forcelab kernel "), notTheKernels.stderr)
        // Its mistakes are worded as every command's, after the command's name, an option's name in quotes.
        let install = try ForcelabProcess.run(["kernel", "install", "--name", "a b"])
        XCTAssertEqual(install.status, 2)
        XCTAssertTrue(install.stderr.hasPrefix("""
            forcelab kernel install: '--name' must hold only letters, digits, '-', '.' and '_', got 'a b'
            usage: forcelab kernel install
            """), install.stderr)
    }

    func testHelpPrintsUsage() throws {
        let result = try ForcelabProcess.run(["-h"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("-l g=mod"), result.stdout)
    }

    func testOsExitStatus() throws {
        XCTAssertEqual(try ForcelabProcess.run(["-e", "os.exit(7)"]).status, 7)
        XCTAssertEqual(try ForcelabProcess.run(["-e", "os.exit(false)"]).status, 1)
        XCTAssertEqual(try ForcelabProcess.run(["-e", "io.write('done'); os.exit(true)"]).stdout, "done")
    }

    func testPipedStdinRunsAsScriptAndDashReadsStdin() throws {
        let piped = try ForcelabProcess.run([], stdin: "print(6 * 7)\n")
        XCTAssertEqual(piped.stdout, "42\n")
        let dash = try ForcelabProcess.run(["-", "z"], stdin: "print(..., arg[0])\n")
        XCTAssertEqual(dash.stdout, "z\t-\n")
    }

    func testDoubleDashStopsOptions() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("-odd.lua")
        try "print('odd', ...)".write(to: script, atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run(["--", "-odd.lua", "-v"], in: folder)
        XCTAssertEqual(result.stdout, "odd\t-v\n", result.stderr)
    }

    func testRequireModulesWithGlobalNames() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        try "return {answer = 42}".write(to: folder.appendingPathComponent("helper.lua"), atomically: true, encoding: .utf8)
        let env = ["LUA_PATH": folder.path + "/?.lua"]
        let plain = try ForcelabProcess.run(["-l", "helper", "-e", "print(helper.answer)"], environment: env)
        XCTAssertEqual(plain.stdout, "42\n", plain.stderr)
        let renamed = try ForcelabProcess.run(["-l", "h=helper", "-e", "print(h.answer, helper)"], environment: env)
        XCTAssertEqual(renamed.stdout, "42\tnil\n", renamed.stderr)
        let fl = try ForcelabProcess.run(["-l", "fl=forcelab", "-e", "print(fl == forcelab)"])
        XCTAssertEqual(fl.stdout, "true\n")
    }

    func testRequireLooksBesideTheScriptFirst() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let sub = folder.appendingPathComponent("exp")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try "return 'beside'".write(to: sub.appendingPathComponent("util.lua"), atomically: true, encoding: .utf8)
        try "print((require('util')))".write(to: sub.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
        let result = try ForcelabProcess.run([sub.appendingPathComponent("main.lua").path])
        XCTAssertEqual(result.stdout, "beside\n", result.stderr)
    }

    func testLuaInitIsHonouredAndDashEIgnoresIt() throws {
        let env = ["LUA_INIT": "greeting = 'hi'"]
        XCTAssertEqual(try ForcelabProcess.run(["-e", "print(greeting)"], environment: env).stdout, "hi\n")
        let versioned = ["LUA_INIT": "greeting = 'hi'", "LUA_INIT_5_4": "greeting = 'five-four'"]
        XCTAssertEqual(try ForcelabProcess.run(["-e", "print(greeting)"], environment: versioned).stdout, "five-four\n")
        XCTAssertEqual(try ForcelabProcess.run(["-E", "-e", "print(greeting)"], environment: env).stdout, "nil\n")
        let folder = try ForcelabProcess.temporaryFolder(self)
        let initFile = folder.appendingPathComponent("init.lua")
        try "greeting = 'from file'".write(to: initFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ForcelabProcess.run(["-e", "print(greeting)"], environment: ["LUA_INIT": "@" + initFile.path]).stdout, "from file\n")
    }

    func testWarningsFlag() throws {
        let on = try ForcelabProcess.run(["-W", "-e", "warn('careful')"])
        XCTAssertEqual(on.stderr, "Lua warning: careful\n")
        let off = try ForcelabProcess.run(["-e", "warn('careful')"])
        XCTAssertEqual(off.stderr, "")
    }

    func testShebangScriptRunsThroughEnv() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("forcelab").path, withDestinationPath: ForcelabProcess.binary)
        let script = folder.appendingPathComponent("tool.lua")
        try "#!/usr/bin/env forcelab\nprint('shebang', ...)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ForcelabProcess.run(["ok"], environment: ["PATH": path], executable: script.path)
        XCTAssertEqual(result.stdout, "shebang\tok\n", result.stderr)
    }

    func testErrorObjectsThatAreNotStrings() throws {
        let result = try ForcelabProcess.run(["-e", "error(setmetatable({}, {__tostring = function() return 'custom' end}))"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "forcelab: custom\n")
        let table = try ForcelabProcess.run(["-e", "error({})"])
        XCTAssertTrue(table.stderr.hasPrefix("forcelab: (error object is a table value)"), table.stderr)
    }

    func testMemoryLimitEndsWithStatusThreeAndCanBeCaught() throws {
        let env = ["FORCELAB_MEMORY_LIMIT": "32M"]
        let hit = try ForcelabProcess.run(["-e", "local t = {} for i = 1, 1e8 do t[i] = {i} end"], environment: env)
        XCTAssertEqual(hit.status, 3)
        XCTAssertTrue(hit.stderr.hasPrefix("forcelab: not enough memory: the limit of 32 MiB was reached"), hit.stderr)
        let caught = try ForcelabProcess.run(
            ["-e", "print(pcall(function() local t = {} for i = 1, 1e8 do t[i] = {i} end end))"], environment: env)
        XCTAssertEqual(caught.status, 0)
        XCTAssertEqual(caught.stdout, "false\tnot enough memory: the limit of 32 MiB was reached\n")
        XCTAssertEqual(try ForcelabProcess.run(["-e", "print(1)"], environment: ["FORCELAB_MEMORY_LIMIT": "lots"]).status, 2)
        // A limit that is not a whole number of MiB is given in bytes (it read "the limit of 0 MiB").
        let small = try ForcelabProcess.run(
            ["-e", "local t = {} for i = 1, 1e8 do t[i] = {i} end"], environment: ["FORCELAB_MEMORY_LIMIT": "900000"])
        XCTAssertEqual(small.status, 3)
        XCTAssertTrue(small.stderr.hasPrefix("forcelab: not enough memory: the limit of 900000 bytes was reached"), small.stderr)
    }

    func testShowDrawsTheLayoutInBraille() throws {
        let result = try ForcelabProcess.run(["-e", """
            local g = forcelab.graph.generate("grid", {rows = 3, columns = 3})
            forcelab.simulation(g):force("link", forcelab.force.link{}):run()
            g:show(30, 8)
            """])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 8, result.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.count == 30 }, result.stdout)
        XCTAssertTrue(result.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "no braille dots drawn")
    }

    func testShowLabelsTheNodesAskedForAndIsPlainInAPipe() throws {
        let layout = """
            local g = fl.graph.generate("miserables")
            local sim = fl.simulation(g); sim:force("link", fl.force.link{}); sim:force("charge", fl.force.manyBody{}); sim:run()
            """
        let named = try ForcelabProcess.run(["-e", layout + "g:show{columns = 100, rows = 30, labels = {'Valjean', 'Myriel'}}"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stdout.contains("Valjean") && named.stdout.contains("Myriel"), named.stdout)
        XCTAssertFalse(named.stdout.contains("\u{1B}"), "no colour in a pipe")
        XCTAssertEqual(named.stdout.split(separator: "\n").count, 30)
        let counted = try ForcelabProcess.run(["-e", layout + "g:show{columns = 100, rows = 30, labels = 1}"])
        XCTAssertTrue(counted.stdout.contains("Valjean"), "the node of highest degree: \(counted.stdout)")
        XCTAssertFalse(counted.stdout.contains("Gavroche"), counted.stdout)
        for (labels, message) in [
            ("{'Nobody'}", "field 'labels': a node id at [1] expected, got 'Nobody', which is not in the graph"), ("-1", "field 'labels': a count of 0 or more expected, got -1"),
            ("{1}", "field 'labels': a node id at [1] expected, got number"), ("true", "a list of node ids or a count expected, got boolean"),
        ] {
            let failed = try ForcelabProcess.run(["-e", layout + "g:show{labels = \(labels)}"])
            XCTAssertEqual(failed.status, 1)
            XCTAssertTrue(failed.stderr.contains(message), failed.stderr)
        }
        let unknown = try ForcelabProcess.run(["-e", layout + "g:show{colums = 10}"])
        XCTAssertTrue(unknown.stderr.contains("unknown option 'colums'"), unknown.stderr)
        let empty = try ForcelabProcess.run(["-e", layout + "g:show(0, 5)"])
        XCTAssertTrue(empty.stderr.contains("bad argument #1 to 'g:show' (columns: an integer ≥ 1 expected, got 0)"), empty.stderr)
    }

    func testFpsAndLabelsNeedShow() throws {
        for option in ["fps = 10", "labels = 2"] {
            let result = try ForcelabProcess.run(["-e", "fl.simulation(fl.graph.generate('grid', {rows = 2, columns = 2})):run{\(option)}"])
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.contains("field '\(option.prefix { $0 != " " })': show = true expected"), result.stderr)
        }
        let unknown = try ForcelabProcess.run(["-e", "fl.simulation(fl.graph.generate('grid', {rows = 2, columns = 2})):run{show = true, labels = {'x'}}"])
        XCTAssertTrue(unknown.stderr.contains("'x', which is not in the graph"), unknown.stderr)
    }

    func testAOneCharacterFileNameIsWrittenLikeAnyOther() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let result = try ForcelabProcess.run(["-e", """
            local g = fl.graph.new(); g:addNode{id = 'n', x = 0, y = 0}
            g:save('a', {format = 'd3'}); fl.svg.graph(g, 'b'); fl.data.write('c', {{x = 1}}, {format = 'csv'})
            assert(fl.graph.load('a', {format = 'd3'}):nodeCount() == 1)
            """], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["a", "b", "c"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }

    func testFlIsAGlobalBesideForcelab() throws {
        let result = try ForcelabProcess.run(["-e", "print(fl == forcelab, fl == require 'forcelab')"])
        XCTAssertEqual(result.stdout, "true\ttrue\n", result.stderr)
    }

    /// ForceBench reads its command line with forcelab's parser: a mistake is worded the same way and ends with the
    /// usage and status 2 (it trapped); its measurements run as before.
    func testForceBenchRefusesMistakesWithItsUsage() throws {
        let bench = URL(fileURLWithPath: ForcelabProcess.binary).deletingLastPathComponent().appendingPathComponent("ForceBench").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: bench), "ForceBench is not built beside forcelab")
        for (arguments, message) in [
            (["--edges", "x"], "N must be a whole number of 1 or more, got 'x'"), (["--single", "10", "1"], "'--single' needs N THREADS WARMUP TICKS [DIMENSIONS]"),
            (["--quality", "--layout", "5"], "'--quality' and '--layout' cannot be given together"), (["--frobnicate"], "unknown option '--frobnicate'"),
        ] {
            let result = try ForcelabProcess.run(arguments, executable: bench)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("ForceBench: \(message)\nusage: ForceBench "), result.stderr)
        }
        XCTAssertEqual(try ForcelabProcess.run(["--edges", "3"], executable: bench).stdout, "1 0\n2 0\n1 2\n0 1\n")
        XCTAssertTrue(try ForcelabProcess.run(["--help"], executable: bench).stdout.contains("--quality-file"))
    }

    /// Every option a command's usage lists (the usage is made from its declaration) is documented where users read
    /// about the command: README's "The command line", docs/scale.md, docs/grading.md, docs/notebook.md.
    func testEveryOptionInAUsageIsDocumented() throws {
        for (command, document) in [([String](), "README.md"), (["sweep"], "docs/scale.md"), (["grade"], "docs/grading.md"),
                                    (["kernel"], "docs/notebook.md"), (["kernel", "install"], "docs/notebook.md")] {
            let usage = try ForcelabProcess.run(command + ["--help"]).stdout
            let text = try String(contentsOf: ForcelabProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
            // An option's line: two spaces, its names ("-h, --help") and value, two spaces or more, its help.
            let options = usage.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                (line.dropFirst(2).components(separatedBy: "  ").first ?? "").components(separatedBy: ", ").compactMap { $0.split(separator: " ").first }
            }.map(String.init)
            XCTAssertGreaterThan(options.count, 3, usage)
            for option in options {
                let mention = "(^|[\\s`\\[(])" + NSRegularExpression.escapedPattern(for: option) + "([\\s`\\]),.]|$)"
                XCTAssertNotNil(text.range(of: mention, options: .regularExpression), "\(document) does not mention \(option)")
            }
        }
    }
}
