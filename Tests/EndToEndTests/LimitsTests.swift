import Foundation
import XCTest

/// Limits the host enforces (--timeout, --max-instructions, --max-memory), Ctrl-C everywhere, and diagnostics
/// that never trap: each ends the run with a message and its exit status, never with a signal.
final class LimitsTests: XCTestCase {
    /// Runs `command` in sh with `$0` the forcelab binary; the status is the last command's.
    private func shell(_ command: String) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(["-c", command, ForcelabProcess.binary], executable: "/bin/sh")
    }

    /// F3: a diagnostic that cannot be written leaves the exit status as it is (stock lua5.4: 1).
    func testDiagnosticsToAFullOrClosedStderrKeepTheirStatus() throws {
        XCTAssertEqual(try shell(#""$0" -e 'error("x")' 2>/dev/full"#).status, 1)
        XCTAssertEqual(try shell(#""$0" -e 'error("x")' 2>&-"#).status, 1)
        XCTAssertEqual(try shell(#""$0" --unknown 2>/dev/full"#).status, 2)
        XCTAssertEqual(try shell(#""$0" --max-instructions 1000 -e 'while true do end' 2>/dev/full"#).status, 3)
        XCTAssertEqual(try shell(#""$0" -e 'print(1) error("x")' >/dev/full 2>&-"#).status, 1)
        // with stderr closed, a file the script opens does not take its place and receive the message
        let folder = try ForcelabProcess.temporaryFolder(self)
        let written = try shell(#"cd "\#(folder.path)" && "$0" -e 'f = io.open("log.txt", "w") error("secret")' 2>&-"#)
        XCTAssertEqual(written.status, 1)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("log.txt"), encoding: .utf8), "")
    }

    /// F3: g:show to a full stdout is an error naming stdout (status 1), never a trap.
    func testShowToAFullStdoutIsAnErrorNotATrap() throws {
        let result = try shell(#""$0" -e 'g=forcelab.graph.generate("grid",{rows=3,columns=3}); forcelab.simulation(g):tick(); g:show()' >/dev/full"#)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("forcelab: (command line):1: cannot write to stdout: No space left on device"), result.stderr)
    }

    /// The host's own tick loops (sim:tick, sim:run) stop at the instruction limit and at the time limit with status 3,
    /// also when the script catches the first error.
    func testLimitsStopTheHostsTickLoops() throws {
        var limits = [(["--max-instructions", "100000"], "instruction limit of 100000 reached")]
        // ThreadSanitizer holds a signal back until the program makes a system call.
        if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil {
            limits.append((["--timeout", "0.5"], "time limit of 0.5 s reached"))
        }
        for (limit, message) in limits {
            for call in ["sim:tick(1e9)", "sim:alphaDecay(0) sim:run()", "pcall(sim.tick, sim, 1e9) print('went on')"] {
                let chunk = "local sim = forcelab.simulation(forcelab.graph.generate('grid', {rows = 3, columns = 3})) " + call
                let result = try ForcelabProcess.run(limit + ["-e", chunk])
                XCTAssertEqual(result.status, 3, "\(limit) \(call): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(limit) \(call)")
                XCTAssertTrue(result.stderr.hasPrefix("forcelab: ") && result.stderr.contains(message), "\(limit) \(call): \(result.stderr)")
            }
        }
    }

    /// fl.layout.multilevel counts each level's coarsening and each tick's nodes and edges against the instruction
    /// limit and checks every limit before each tick.
    func testLimitsStopAMultilevelLayout() throws {
        let chunk = "fl.layout.multilevel(fl.graph.generate('grid', {rows = 40, columns = 40}), {finestTicks = 100000}) print('finished')"
        let counted = try ForcelabProcess.run(["--timeout", "20", "--max-instructions", "400000", "-e", chunk])
        XCTAssertEqual(counted.status, 3, counted.stderr)
        XCTAssertTrue(counted.stderr.contains("instruction limit of 400000 reached") && !counted.stdout.contains("finished"), counted.stderr)
    }

    /// fl.layout.layered counts each step's and each sweep's work against the instruction limit and checks every
    /// limit between them: a random graph of 5,000 nodes (hundreds of layers, hundreds of thousands of bends) given
    /// 10,000 sweeps stops at --timeout.
    func testLimitsStopALayeredLayout() throws {
        let chunk = "fl.layout.layered(fl.graph.generate('recursive', {n = 5000, seed = 1}), {sweeps = 10000}) print('finished')"
        let timed = try ForcelabProcess.run(["--timeout", "1", "-e", chunk])
        XCTAssertEqual(timed.status, 3, timed.stderr)
        XCTAssertTrue(timed.stderr.contains("time limit of 1 s reached") && !timed.stderr.contains("did not stop"), timed.stderr)
        let counted = try ForcelabProcess.run(["--max-instructions", "100000", "-e", chunk])
        XCTAssertEqual(counted.status, 3, counted.stderr)
        XCTAssertTrue(counted.stderr.contains("instruction limit of 100000 reached") && !counted.stdout.contains("finished"), counted.stderr)
    }

    /// fl.layout.stress counts each sweep's terms against the instruction limit and checks every limit and Ctrl-C
    /// after each sweep, as the tick loops do: before, Ctrl-C at the REPL did nothing until the layout ended (and a
    /// second one ended the REPL), and --timeout's watchdog had to kill the process.
    func testLimitsAndCtrlCStopAStressLayout() throws {
        let chunk = "fl.layout.stress(fl.graph.generate('grid', {rows = 15, columns = 15}), {iterations = 10000000, tolerance = 0}) print('finished')"
        let counted = try ForcelabProcess.run(["--timeout", "20", "--max-instructions", "1000000", "-e", chunk])
        XCTAssertEqual(counted.status, 3, counted.stderr)
        XCTAssertTrue(counted.stderr.contains("instruction limit of 1000000 reached"), counted.stderr)
        // The all-pairs distances before the first sweep count too (400 rows of 400).
        let distances = try ForcelabProcess.run(
            ["--max-instructions", "50000", "-e", "fl.layout.stress(fl.graph.generate('grid', {rows = 20, columns = 20}), {iterations = 0}) print('finished')"])
        XCTAssertEqual(distances.status, 3, distances.stderr)
        XCTAssertTrue(distances.stderr.contains("instruction limit of 50000 reached"), distances.stderr)
        // So do a sparse layout's pivots, weights and PivotMDS start, before any sweep (3600 nodes, 10 pivots: the
        // limit falls in the start, which multiplies each node's row by the pivots).
        let sparse = try ForcelabProcess.run(["--max-instructions", "250000", "-e", """
            fl.layout.stress(fl.graph.generate('grid', {rows = 60, columns = 60}), {iterations = 0, exactNodeLimit = 1000, pivots = 10}) print('finished')
            """])
        XCTAssertEqual(sparse.status, 3, sparse.stderr)
        XCTAssertTrue(sparse.stderr.contains("instruction limit of 250000 reached"), sparse.stderr)
        if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil {
            let timed = try ForcelabProcess.run(["--timeout", "0.5", "-e", chunk])
            XCTAssertEqual(timed.status, 3, timed.stderr)
            XCTAssertTrue(timed.stderr.contains("time limit of 0.5 s reached") && !timed.stderr.contains("did not stop"), timed.stderr)
        }
        let process = Process(), errors = Pipe()
        process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        process.arguments = ["-e", chunk]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        usleep(500_000)
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("Ctrl-C did not stop fl.layout.stress")
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(stderr.contains("interrupted!"), stderr)
    }

    /// A generator counts the nodes and edges it inserts against the instruction limit, and stops at it.
    func testInstructionLimitStopsAGenerator() throws {
        let chunk = "local g = forcelab.graph.generate('grid', {rows = 300, columns = 300}) print(g:nodeCount())"
        let stopped = try ForcelabProcess.run(["--max-instructions", "100000", "-e", chunk])
        XCTAssertEqual(stopped.status, 3, stopped.stderr)
        XCTAssertEqual(stopped.stdout, "")
        XCTAssertTrue(stopped.stderr.hasPrefix("forcelab: (command line):1: instruction limit of 100000 reached"), stopped.stderr)
        XCTAssertEqual(try ForcelabProcess.run(["--max-instructions", "1000000", "-e", chunk]).stdout, "90000\n")
    }

    /// F8: out of memory under `ulimit -v` ends with status 3, not a signal.
    func testRunningOutOfAddressSpaceEndsWithStatusThree() throws {
        // A binary built with AddressSanitizer cannot start under ulimit -v (its shadow memory is terabytes).
        let starts = try shell(#"ulimit -v 400000; "$0" -e "print(1)""#)
        try XCTSkipUnless(starts.stdout == "1\n", "the binary does not start under ulimit -v: \(starts.stderr.prefix(200))")
        for chunk in ["local t = {} for i = 1, 1e9 do t[i] = {i} end", "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end",
                      "local s = 'x' while true do s = s .. s end"] {
            let result = try shell(#"ulimit -v 400000; "$0" -e "\#(chunk)""#)
            XCTAssertEqual(result.status, 3, "\(chunk): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("forcelab: not enough memory"), result.stderr)
        }
    }

    /// F2: g:show refuses an oversized or overflowing canvas with an error instead of allocating it.
    func testShowRefusesOversizedCanvases() throws {
        let result = try ForcelabProcess.run(["-e", """
            local g = forcelab.graph.generate("grid", {rows = 2, columns = 2})
            forcelab.simulation(g):tick()
            for _, size in ipairs{{1e6, 1e6}, {2^62, 4}, {40000, 40000}} do
              local ok, message = pcall(g.show, g, size[1], size[2])
              print(ok, message:match("too large") ~= nil)
            end
            """])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, String(repeating: "false\ttrue\n", count: 3))
    }

    /// The time limit stops loops in the main chunk, in coroutines made before it went off, in a Lua force, in a
    /// pcall loop and in the host's own tick loop; a finalizer that never returns is ended by the watchdog.
    func testTimeoutEndsEveryKindOfLoopWithStatusThree() throws {
        // ThreadSanitizer holds a signal back until the program makes a system call, which a Lua loop never does.
        try XCTSkipIf(ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "signals are deferred under ThreadSanitizer")
        let loops = [
            "while true do end",
            "local co = coroutine.create(function() while true do pcall(function() while true do end end) end end) coroutine.resume(co)",
            "local f = coroutine.wrap(function() while true do end end) f()",
            "while true do pcall(function() while true do end end) end",
            """
            local g = forcelab.graph.generate("grid", {rows = 3, columns = 3})
            local sim = forcelab.simulation(g)
            sim:force("spin", function(alpha, nodes) while true do end end)
            sim:tick()
            """,
            "local sim = forcelab.simulation(forcelab.graph.generate('grid', {rows = 3, columns = 3})) while true do pcall(sim.tick, sim, 1e9) end",
        ]
        for loop in loops {
            let result = try ForcelabProcess.run(["--timeout", "0.5", "-e", loop])
            XCTAssertEqual(result.status, 3, "\(loop): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("time limit of 0.5 s reached"), "\(loop): \(result.stderr)")
        }
        let finalizer = try ForcelabProcess.run(
            ["--timeout", "0.5", "-e", "setmetatable({}, {__gc = function() while true do end end}) collectgarbage()"])
        XCTAssertEqual(finalizer.status, 3)
        XCTAssertTrue(finalizer.stderr.contains("did not stop"), finalizer.stderr)
        XCTAssertEqual(try ForcelabProcess.run(["--timeout", "10", "-e", "print(1)"]).stdout, "1\n")
        XCTAssertEqual(try ForcelabProcess.run(["--timeout", "nan", "-e", "print(1)"]).status, 2)
    }

    /// The instruction limit counts every coroutine, cannot be caught for good, and cannot be switched off.
    func testInstructionLimitIsStickyAndCountsCoroutines() throws {
        let result = try ForcelabProcess.run(["--max-instructions", "100000", "-e", """
            for i = 1, 10 do print(pcall(function() while true do end end)) end
            """])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("forcelab: (command line):1: instruction limit of 100000 reached"), result.stderr)
        let coroutine = try ForcelabProcess.run(["--max-instructions", "100000", "-e",
            "local co = coroutine.wrap(function() local n = 0 while true do n = n + 1 coroutine.yield(n) end end) while true do co() end"])
        XCTAssertEqual(coroutine.status, 3, coroutine.stderr)
        let unhooked = try ForcelabProcess.run(["--max-instructions", "100000", "-e", "debug.sethook() while true do end"])
        XCTAssertEqual(unhooked.status, 1)
        XCTAssertTrue(unhooked.stderr.contains("debug.sethook is not available"), unhooked.stderr)
        let enough = try ForcelabProcess.run(["--max-instructions", "1000000", "-e", "local s = 0 for i = 1, 1000 do s = s + i end print(s)"])
        XCTAssertEqual(enough.stdout, "500500\n")
    }

    /// The memory limit counts the host's own data (a graph's nodes), not only Lua's heap; a generated graph that
    /// would not fit is refused before it is built.
    func testMemoryLimitCountsTheHostsGraphs() throws {
        let result = try ForcelabProcess.run(["--max-memory", "8M", "-e", """
            local g = forcelab.graph.new()
            for i = 1, 1e6 do g:addNode{id = tostring(i)} end
            print("not stopped")
            """])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("not enough memory: the limit of 8 MiB was reached (the process"), result.stderr)
        let generated = try ForcelabProcess.run(["--max-memory", "8M", "-e", """
            local g = forcelab.graph.generate("grid", {rows = 500, columns = 500})
            print("not stopped")
            """])
        XCTAssertEqual(generated.status, 3, generated.stderr)
        XCTAssertTrue(generated.stderr.contains("fl.graph.generate: not enough memory: 250000000 bytes (238.4 MiB) for 250000 nodes"), generated.stderr)
        XCTAssertEqual(try ForcelabProcess.run(["--max-memory", "lots", "-e", "print(1)"]).status, 2)
    }

    /// F4: Ctrl-C reaches a loop inside a coroutine; a second Ctrl-C ends a run that catches the first.
    func testInterruptReachesCoroutinesAndASecondOneEndsTheProcess() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "signals are deferred under ThreadSanitizer")
        let coroutine = try interrupted(
            "local co = coroutine.create(function() while true do end end) print('ready') io.stdout:flush() print(coroutine.resume(co))",
            times: 1)
        XCTAssertEqual(coroutine.status, 0)
        XCTAssertEqual(coroutine.stdout, "ready\nfalse\tinterrupted!\n")
        let stubborn = try interrupted(
            "print('ready') io.stdout:flush() while true do pcall(function() while true do end end) end", times: 2)
        XCTAssertEqual(stubborn.reason, .uncaughtSignal)
        XCTAssertEqual(stubborn.status, SIGINT)
        let finalizer = try interrupted(
            "setmetatable({}, {__gc = function() print('ready') io.stdout:flush() while true do end end}) collectgarbage()", times: 2)
        XCTAssertEqual(finalizer.reason, .uncaughtSignal)
    }

    /// Runs `chunk`, waits for it to print "ready", then sends SIGINT `times` times, 0.3 s apart.
    private func interrupted(_ chunk: String, times: Int) throws -> (status: Int32, reason: Process.TerminationReason, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        process.arguments = ["-e", chunk]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("ready") {
            let piece = output.fileHandleForReading.availableData
            if piece.isEmpty { break }
            seen += piece
        }
        for _ in 0..<times {
            usleep(300_000)
            kill(process.processIdentifier, SIGINT)
        }
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        seen += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, process.terminationReason, String(decoding: seen, as: UTF8.self))
    }
}
