import Foundation
import XCTest

/// The REPL, driven through a pseudo-terminal as a person would use it.
final class REPLTests: XCTestCase {
    private var home: URL!

    private func start(_ arguments: [String] = []) throws -> PseudoTerminal {
        home = try ForcelabProcess.temporaryFolder(self)
        let terminal = try PseudoTerminal(ForcelabProcess.binary, arguments, environment: [
            "HOME": home.path, "TERM": "xterm", "PATH": "/usr/bin:/bin",
        ])
        XCTAssertTrue(terminal.waitFor("> "), terminal.screen)
        return terminal
    }

    func testExpressionsPrintAndSeveralResultsAreTabSeparated() throws {
        let repl = try start()
        var mark = repl.mark
        repl.type("1 + 2\r")
        XCTAssertTrue(repl.waitFor("3\r\n", after: mark), repl.screen)
        mark = repl.mark
        repl.type("10, 'a', nil\r")
        XCTAssertTrue(repl.waitFor("10\ta\tnil", after: mark), repl.screen)
    }

    func testAnExpressionAfterASemicolonPrints() throws {
        let repl = try start()
        let mark = repl.mark
        repl.type("local x = 40; x + 2\r")
        XCTAssertTrue(repl.waitFor("42\r\n", after: mark), repl.screen)
    }

    func testTablesPrintNestedSortedWithCyclesMarked() throws {
        let repl = try start()
        repl.type("t = {3, 2, {z = 1, a = 'x'}, name = 'n'}; t.self = t\r")
        let mark = repl.mark
        repl.type("t\r")
        XCTAssertTrue(repl.waitFor("{3, 2, {a = \"x\", z = 1}, name = \"n\", self = <cycle>}", after: mark), repl.screen)
    }

    func testMultiLineInputContinuesUntilComplete() throws {
        let repl = try start()
        repl.type("function add(a, b)\r")
        XCTAssertTrue(repl.waitFor(">> "), repl.screen)
        repl.type("return a + b\r")
        repl.type("end\r")
        let mark = repl.mark
        repl.type("add(20, 22)\r")
        XCTAssertTrue(repl.waitFor("42", after: mark), repl.screen)
    }

    func testTopLevelLocalsSurviveAndErrorsKeepTheSessionAlive() throws {
        let repl = try start()
        repl.type("local kept <const> = 40\r")
        repl.type("local function twice(x) return 2 * x end\r")
        var mark = repl.mark
        repl.type("kept + twice(1)\r")
        XCTAssertTrue(repl.waitFor("42\r\n", after: mark), repl.screen)
        mark = repl.mark
        repl.type("error('oops')\r")
        XCTAssertTrue(repl.waitFor("stdin:1: oops", after: mark), repl.screen)
        XCTAssertTrue(repl.waitFor("stack traceback:", after: mark), repl.screen)
        mark = repl.mark
        repl.type("'still here'\r")
        XCTAssertTrue(repl.waitFor("still here\r\n", after: mark), repl.screen)
    }

    func testCtrlCInterruptsARunningChunkAndKeepsState() throws {
        // ThreadSanitizer holds a signal back until the program makes a system call, which a Lua loop never does.
        try XCTSkipIf(ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "signals are deferred under ThreadSanitizer")
        let repl = try start()
        repl.type("count = 0\r")
        // Ctrl-C is a signal only once the chunk runs (the line editor reads it as a key): wait for the chunk's
        // first output, whatever the machine's load.
        var mark = repl.mark
        repl.type("print('run' .. 'ning') while true do count = count + 1 end\r")
        XCTAssertTrue(repl.waitFor("running\r\n", after: mark, timeout: 60), repl.screen)
        usleep(200_000)
        mark = repl.mark
        repl.type("\u{3}")
        XCTAssertTrue(repl.waitFor("interrupted!", after: mark, timeout: 60), repl.screen)
        mark = repl.mark
        repl.type("count > 0\r")
        XCTAssertTrue(repl.waitFor("true", after: mark), repl.screen)
    }

    func testCtrlCAtThePromptDiscardsTheLine() throws {
        let repl = try start()
        repl.type("this is not lua")
        var mark = repl.mark
        repl.type("\u{3}")
        XCTAssertTrue(repl.waitFor("^C\r\n> ", after: mark), repl.screen)
        mark = repl.mark
        repl.type("'fresh'\r")
        XCTAssertTrue(repl.waitFor("fresh\r\n", after: mark), repl.screen)
    }

    func testCtrlDExitsAndHistoryPersists() throws {
        let repl = try start()
        repl.type("answer = 6 * 7\r")
        repl.type("\u{4}")
        XCTAssertEqual(repl.waitForExit(), 0)
        let history = try String(contentsOf: home.appendingPathComponent(".forcelab_history"), encoding: .utf8)
        XCTAssertTrue(history.replacingOccurrences(of: "\\040", with: " ").contains("answer = 6 * 7"), history)
    }

    func testTabCompletesGlobalsFieldsAndMethods() throws {
        let repl = try start()
        var mark = repl.mark
        repl.type("forcelab.vers\t\r")
        XCTAssertTrue(repl.waitFor("0.1.0\r\n", after: mark), repl.screen)
        mark = repl.mark
        repl.type("s = 'abc'\r")
        repl.type("s:upp\t()\r")
        XCTAssertTrue(repl.waitFor("ABC", after: mark), repl.screen)
    }

    func testInteractiveFlagRunsScriptThenPrompts() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("setup.lua")
        try "prepared = 'yes'".write(to: script, atomically: true, encoding: .utf8)
        let repl = try start(["-i", script.path])
        let mark = repl.mark
        repl.type("prepared\r")
        XCTAssertTrue(repl.waitFor("yes\r\n", after: mark), repl.screen)
    }

    func testForcelabObjectsPrintAsSummariesAndCallbackErrorsKeepTheREPL() throws {
        let repl = try start()
        var mark = repl.mark
        repl.type("g = forcelab.graph.generate('miserables')\r")
        repl.type("g, g:node('Valjean')\r")
        XCTAssertTrue(repl.waitFor("Graph(77 nodes, 254 edges)\tNode(Valjean)", after: mark), repl.screen)
        mark = repl.mark
        repl.type("sim = forcelab.simulation(g); sim:force('bad', function() error('inside the force') end)\r")
        repl.type("sim:tick()\r")
        XCTAssertTrue(repl.waitFor("inside the force", after: mark), repl.screen)
        mark = repl.mark
        repl.type("sim:force('bad', nil); sim:tick(3)\r")
        repl.type("sim:alpha() < 1\r")
        XCTAssertTrue(repl.waitFor("true\r\n", after: mark), repl.screen)
    }

    func testCtrlCInterruptsALongSimulationRun() throws {
        let repl = try start()
        repl.type("g = forcelab.graph.generate('recursive', {n = 20000}); sim = forcelab.simulation(g)\r")
        repl.type("sim:force('charge', forcelab.force.manyBody{}); sim:alphaMin(0)\r")
        var mark = repl.mark
        repl.type("print('run' .. 'ning') sim:run()\r")
        XCTAssertTrue(repl.waitFor("running\r\n", after: mark, timeout: 60), repl.screen)
        usleep(500_000)
        mark = repl.mark
        repl.type("\u{3}")
        XCTAssertTrue(repl.waitFor("interrupted!", after: mark, timeout: 60), repl.screen)
        mark = repl.mark
        repl.type("sim:alpha() < 1, g:nodeCount()\r")
        XCTAssertTrue(repl.waitFor("true\t20000", after: mark), repl.screen)
    }

    func testRunWithShowAnimatesTheLayoutOnTheTerminal() throws {
        home = try ForcelabProcess.temporaryFolder(self)
        let terminal = try PseudoTerminal(ForcelabProcess.binary, ["-e", """
            g = forcelab.graph.generate('recursive', {n = 300})
            sim = forcelab.simulation(g); sim:force('link', forcelab.force.link{}); sim:force('charge', forcelab.force.manyBody{})
            sim:run{show = true, fps = 0}
            """], environment: ["HOME": home.path, "TERM": "xterm"])
        XCTAssertEqual(terminal.waitForExit(timeout: 60), 0, terminal.screen)
        XCTAssertTrue(terminal.screen.contains("\u{1B}[H"), "no frame was redrawn in place")
        XCTAssertTrue(terminal.screen.contains("tick 300  alpha 0.0010"), String(terminal.screen.suffix(300)))
        XCTAssertTrue(terminal.screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "no braille dots drawn")
    }

    func testAStrictGlobalTableDoesNotBreakTheREPL() throws {
        let repl = try start()
        let mark = repl.mark
        repl.type("setmetatable(_G, {__index = function(_, k) error('undeclared ' .. k) end})\r")
        repl.type("1 + 1\r")
        XCTAssertTrue(repl.waitFor("2\r\n", after: mark), repl.screen)
        repl.type("\u{4}")
        XCTAssertEqual(repl.waitForExit(), 0)
    }

    func testRunShowsProgressOnATerminalButNotInAPipe() throws {
        let script = """
            local g = forcelab.graph.generate('recursive', {n = 2000})
            local sim = forcelab.simulation(g); sim:force('charge', forcelab.force.manyBody{})
            print(sim:run())
            """
        home = try ForcelabProcess.temporaryFolder(self)
        let terminal = try PseudoTerminal(ForcelabProcess.binary, ["-e", script], environment: ["HOME": home.path, "TERM": "xterm"])
        XCTAssertEqual(terminal.waitForExit(timeout: 300), 0, terminal.screen)
        XCTAssertTrue(terminal.screen.contains("█") || terminal.screen.contains("·"), terminal.screen)
        XCTAssertTrue(terminal.screen.contains(" tick ") && terminal.screen.contains("  alpha "), terminal.screen)
        let piped = try ForcelabProcess.run(["-e", script])
        XCTAssertEqual(piped.stdout, "300\tconverged\n")
        XCTAssertEqual(piped.stderr, "", "no progress bar in a pipe")
        // On a narrow terminal the bar shortens, so the line never wraps (a wrapped line's first rows would stay).
        for columns: UInt16 in [32] {
            let narrow = try PseudoTerminal(ForcelabProcess.binary, ["-e", script], environment: ["HOME": home.path, "TERM": "xterm"], columns: columns)
            XCTAssertEqual(narrow.waitForExit(timeout: 300), 0, narrow.screen)
            let lines = narrow.screen.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).filter { $0.contains("tick ") }
            XCTAssertFalse(lines.isEmpty, narrow.screen)
            for line in lines { XCTAssertLessThan(line.count, Int(columns), "\(columns) columns: '\(line)'") }
            XCTAssertTrue(lines.contains { $0.contains("·") || $0.contains("█") }, "a shorter bar: \(lines)")
        }
    }

    /// Runs `code` on a pseudo-terminal (TERM=xterm) and returns what it printed.
    private func onTerminal(_ code: String, environment: [String: String] = [:]) throws -> String {
        home = try ForcelabProcess.temporaryFolder(self)
        let terminal = try PseudoTerminal(ForcelabProcess.binary, ["-e", code], environment: [
            "HOME": home.path, "TERM": "xterm",
        ].merging(environment) { $1 })
        XCTAssertEqual(terminal.waitForExit(timeout: 60), 0, terminal.screen)
        return terminal.screen
    }

    func testAPacedRunDrawsEveryTickAndEndsWhereAnUnpacedOneDoes() throws {
        let run = { (options: String) in """
            g = fl.graph.generate('grid', {rows = 4, columns = 4})
            sim = fl.simulation(g); sim:force('link', fl.force.link{}); sim:force('charge', fl.force.manyBody{})
            sim:run{maxTicks = 12\(options)}
            local t = {} for n in g:nodes() do t[#t + 1] = string.format('%.17g,%.17g', n.x, n.y) end
            print('positions ' .. table.concat(t, ' '))
            """
        }
        let positions = { (screen: String) in screen.components(separatedBy: "positions ").last ?? "" }
        let paced = try onTerminal(run(", show = true, fps = 400, labels = {'0'}").replacingOccurrences(
            of: "fl.simulation(g)", with: "fl.simulation(g); g:node('0').label = 'corner'"))
        for tick in 1...12 { XCTAssertTrue(paced.contains("tick \(tick)  alpha"), "tick \(tick) was not drawn") }
        XCTAssertTrue(paced.contains("corner"), "the live view labels the nodes asked for")
        let unpaced = try onTerminal(run(", show = true, fps = 0"))
        let plain = try onTerminal(run(""))
        XCTAssertEqual(positions(paced), positions(plain))
        XCTAssertEqual(positions(unpaced), positions(plain))
        XCTAssertTrue(positions(plain).contains(","), plain)
    }

    func testShowTellsNodesFromEdgesInColourUnlessNoColor() throws {
        let code = """
            g = fl.graph.generate('grid', {rows = 3, columns = 3})
            fl.simulation(g):force('link', fl.force.link{}):run()
            g:show{columns = 30, rows = 8}
            """
        let coloured = try onTerminal(code)
        XCTAssertTrue(coloured.contains("\u{1B}[2m") && coloured.contains("\u{1B}[1;33m"), coloured.debugDescription)
        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let plain = try onTerminal(code, environment: environment)
            XCTAssertFalse(plain.contains("\u{1B}[2m") || plain.contains("\u{1B}[1;33m"), "\(environment): \(plain.debugDescription)")
            XCTAssertTrue(plain.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "no braille dots drawn")
        }
    }

    func testFlIsDefinedAndEqualsPrintsAsStockLua() throws {
        let repl = try start()
        var mark = repl.mark
        repl.type("g = fl.graph.generate('miserables')\r")
        repl.type("=g:nodeCount(), 'x'\r")
        XCTAssertTrue(repl.waitFor("77\tx\r\n", after: mark), repl.screen)
        mark = repl.mark
        repl.type("=g:nodeCount() +\r")
        XCTAssertTrue(repl.waitFor(">> ", after: mark), repl.screen)
        repl.type("1\r")
        XCTAssertTrue(repl.waitFor("78\r\n", after: mark), repl.screen)
    }

    func testTabAfterACallCompletesFromItsValueOnlyWhenThatHasNoSideEffects() throws {
        let repl = try start()
        repl.type("g = fl.graph.generate('miserables'); sim = fl.simulation(g); sim:force('charge', fl.force.manyBody{})\r")
        repl.type("count = 0; function bump() count = count + 1; return g end\r")
        var mark = repl.mark
        repl.type("sim:force(\"charge\"):the\t()\r")
        XCTAssertTrue(repl.waitFor("0.9\r\n", after: mark), repl.screen)
        mark = repl.mark
        repl.type("g:node('Valjean').deg\t\r")
        XCTAssertTrue(repl.waitFor("36\r\n", after: mark), "a computed field: \(repl.screen)")
        mark = repl.mark
        repl.type("g.direc\t\r")
        XCTAssertTrue(repl.waitFor("true\r\n", after: mark), "a graph's own field: \(repl.screen)")
        mark = repl.mark
        repl.type("g:nodes()[1].\t\t")
        XCTAssertTrue(repl.waitFor(".group", after: mark), "a data field, listed: \(repl.screen)")
        repl.type("\u{15}")
        repl.type("g:addNode{id = 'extra'}:nodeC\t\u{15}")
        repl.type("bump():nodeC\t\u{15}")
        repl.type("sim:force('charge'):strength(-5):\t\u{15}")
        mark = repl.mark
        repl.type("count, g:nodeCount(), sim:force('charge'):strength()\r")
        XCTAssertTrue(repl.waitFor("0\t77\t-30.0\r\n", after: mark), "completion ran no setter or function: \(repl.screen)")
    }

    func testHelpPrintsAnOverviewAndListsAValuesFieldsAndMethods() throws {
        let repl = try start()
        for typed in ["help", "help()"] {
            let mark = repl.mark
            repl.type(typed + "\r")
            XCTAssertTrue(repl.waitFor("docs/lua-api.md", after: mark), repl.screen)
            XCTAssertTrue(repl.waitFor("\r\n> ", after: mark), repl.screen)
            let shown = repl.screen[mark...]
            XCTAssertTrue(shown.contains("Tab") && shown.contains("help(value)") && shown.contains("help(sim:run)"), String(shown))
            XCTAssertTrue(shown.contains("/usr/share/doc/forcelab"), "where a package's user finds the docs: \(shown)")
            XCTAssertFalse(shown.contains("nil"), "\(typed) printed \(shown)")
        }
        var mark = repl.mark
        repl.type("g = fl.graph.generate('miserables')\r")
        repl.type("help(g)\r")
        XCTAssertTrue(repl.waitFor("g has:", after: mark), repl.screen)
        XCTAssertTrue(repl.waitFor("addNode", after: mark), repl.screen)
        XCTAssertTrue(repl.waitFor(" directed ", after: mark), "the graph's own field: \(repl.screen)")
        mark = repl.mark
        repl.type("help(fl.force)\r")
        XCTAssertTrue(repl.waitFor("manyBody", after: mark), repl.screen)
        // A function that takes options lists them; one without, as any value without fields, says so.
        let answers: [(typed: String, shown: [String])] = [
            ("help(fl.simulation)", ["fl.simulation takes these options (docs/lua-api.md has the details):",
                                     "  velocityDecay  number from 0 to 1, default 0.4: the share of velocity lost\r\n"]),
            ("help(forcelab.force.manyBody)", ["  distanceMin  number ≥ 0, default 1: distances below it count as it\r\n"]),
            ("help(sim.run)", ["sim:run takes these options"]),
            ("help(sim:record)", ["sim:record takes these options"]),
            ("help(sim.force)", ["sim:force table has these fields (docs/lua-api.md has the details):", "  force       function(alpha), required: called every tick"]),
            ("help(fl.graph.generate)", ["  fl.graph.generate(\"grid\"): rows, columns\r\n", "  fl.graph.generate(\"miserables\"): no options\r\n"]),
            ("help(fl.graph.generate('tree'))", ["  n          integer ≥ 0, required: nodes\r\n"]),
            ("help(print)", ["print has no fields or methods to list"]),
        ]
        for answer in answers {
            mark = repl.mark
            repl.type(answer.typed + "\r")
            for line in answer.shown { XCTAssertTrue(repl.waitFor(line, after: mark), "\(answer.typed): \(repl.screen)") }
        }
        mark = repl.mark
        repl.type("sim = fl.simulation(g); sim:force('charge', fl.force.manyBody{})\r")
        // The value is what the expression gives, however it is made: a call with a table, a method's result; a
        // force lists its kind's accessors only.
        let accessors = "distanceMax distanceMin strength theta\r\n"
        for (typed, shown) in [
            ("fl.force", "manyBody"), ("3", "3 has no fields or methods to list"), ("nothing", "nothing is nil"),
            ("nothing.inside", "attempt to index a nil value (global 'nothing')"),
            ("fl.force.manyBody{}", accessors), ("fl.force.manyBody{strength = -5}:theta(0.5)", accessors),
            ("sim:force('charge')", accessors),
            // A function reached another way than the docs write it is known by what it is.
            ("fl.simulation(g).run", "sim:run takes these options"), ("(fl.force).manyBody", "fl.force.manyBody takes these options"),
            // A parenthesis in a string is no end of the value.
            ("('x)'):rep(2)", "('x)'):rep(2) has:"),
        ] {
            mark = repl.mark
            repl.type("help(\(typed))\r")
            XCTAssertTrue(repl.waitFor(shown, after: mark), "help(\(typed)): \(repl.screen)")
        }
        for typed in ["help \"sim\"", "help 'g'", "help {}"] {
            mark = repl.mark
            repl.type(typed + "\r")
            XCTAssertTrue(repl.waitFor("help takes a value in parentheses: help(sim), help(fl.force)", after: mark), "\(typed): \(repl.screen)")
            XCTAssertFalse(repl.screen[mark...].contains("attempt to call a nil value"), repl.screen)
        }
        mark = repl.mark
        repl.type("function help() return 'mine' end\r")
        repl.type("help()\r")
        XCTAssertTrue(repl.waitFor("mine\r\n", after: mark), "a user's own help wins: \(repl.screen)")
    }
}
