import Foundation
import XCTest

/// `forcelab sweep`: records, failures, resuming after a kill, shards, merging.
final class SweepTests: XCTestCase {
    /// A spec of 2 x 2 configurations x 3 seeds; the case charge=-10 distance=40 seed=2 fails, and every case
    /// appends its label to `ran.txt` (so a test can count what ran) and may wait `pause` seconds.
    static let spec = """
        local fl = require "forcelab"
        local folder, pause = ...
        return {
          grid = {charge = {-10, -30}, distance = {20, 40}},
          seeds = 3,
          run = function(case)
            local log = assert(io.open(folder .. "/ran.txt", "a"))
            log:write(case.charge, " ", case.distance, " ", case.seed, "\\n")
            log:close()
            local start = fl.clock()
            repeat until fl.clock() - start >= tonumber(pause or 0)
            if case.charge == -10 and case.distance == 40 and case.seed == 2 then error("no layout for this one") end
            local g = fl.graph.generate("tree", {n = 25})
            local sim = fl.simulation(g, {seed = case.seed})
            sim:force("link", fl.force.link{distance = case.distance})
            sim:force("charge", fl.force.manyBody{strength = case.charge})
            sim:tick(40)
            local m = fl.metrics(g)
            print("a line the spec prints")
            return {stress = m.stress, crossings = m.crossings, converged = sim:alpha() < 0.5, graph = "tree"}
          end,
        }
        """

    private func makeSpec(_ folder: URL, _ text: String = SweepTests.spec) throws -> String {
        let path = folder.appendingPathComponent("spec.lua").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Sweeps `spec` into FOLDER/NAME.jsonl (which must succeed), merges that into FOLDER/NAME, and returns the
    /// merge's result, whose success it checks.
    private func sweepAndMerge(_ folder: URL, _ name: String, spec text: String, line: UInt = #line) throws -> ForcelabProcess.Result {
        let spec = try makeSpec(folder, text)
        let results = folder.appendingPathComponent(name + ".jsonl").path
        let run = try ForcelabProcess.run(["sweep", "--out", results, spec])
        XCTAssertEqual(run.status, 0, run.stderr, line: line)
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", folder.appendingPathComponent(name).path])
        XCTAssertEqual(merge.status, 0, merge.stderr, line: line)
        return merge
    }

    private func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The `{"parameters":...,"seed":n}` key and the figures text of each record, exactly as written.
    private func figures(_ path: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in lines(path) {
            let figures = line.range(of: ",\"figures\":")!, seconds = line.range(of: ",\"seconds\":")!
            result[String(line[..<figures.lowerBound]) + "}"] = String(line[figures.upperBound..<seconds.lowerBound])
        }
        return result
    }

    func testRecordsEveryCaseReportsAFailureAndRetriesOnlyIt() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder), out = folder.appendingPathComponent("results.jsonl").path
        let first = try ForcelabProcess.run(["sweep", "--jobs", "2", "--out", out, spec, folder.path])
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertTrue(first.stderr.contains("forcelab sweep: 12 cases, 0 recorded before, 12 to run on 2 jobs"), first.stderr)
        XCTAssertTrue(first.stderr.contains("forcelab sweep: case charge=-10 distance=40 seed=2: \(spec):12: no layout for this one"), first.stderr)
        XCTAssertTrue(first.stderr.contains("12 cases run in"), first.stderr)
        XCTAssertTrue(first.stderr.contains("1 failed"), first.stderr)
        XCTAssertTrue(first.stderr.contains("a line the spec prints"), "what the spec prints goes to stderr")
        let records = lines(out)
        XCTAssertEqual(records.count, 11)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any])
        XCTAssertEqual(Set(record.keys), [
            "parameters", "seed", "figures", "seconds", "version", "commit", "clean", "build", "host", "engine", "spec", "files",
        ])
        XCTAssertEqual(Set((record["figures"] as? [String: Any] ?? [:]).keys), ["stress", "crossings", "converged", "graph"])
        XCTAssertTrue(records[0].hasPrefix("{\"parameters\":{\"charge\":"), records[0])
        XCTAssertEqual(Set(figures(out).keys).count, 11, "every record is a different case")

        let second = try ForcelabProcess.run(["sweep", "--out", out, spec, folder.path])
        XCTAssertTrue(second.stderr.contains("12 cases, 11 recorded before, 1 to run on 1 job"), second.stderr)
        XCTAssertEqual(lines(folder.appendingPathComponent("ran.txt").path).count, 13, "only the failed case ran again")
        XCTAssertEqual(lines(out), records, "the records written before are kept as they were")
    }

    func testASpecFindsTheGlobalFlAsScriptsDo() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            local top = fl.version
            return {grid = {n = {5, 8}}, run = function(case)
              local g = fl.graph.generate("tree", {n = case.n})
              return {edges = g:edgeCount(), same = fl == require "forcelab" and top == fl.version}
            end}
            """)
        let out = folder.appendingPathComponent("results.jsonl").path
        let result = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", out, spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(lines(out).map { $0.components(separatedBy: ",\"seconds\"")[0] }, [
            #"{"parameters":{"n":5},"seed":1,"figures":{"edges":4,"same":true}"#,
            #"{"parameters":{"n":8},"seed":1,"figures":{"edges":7,"same":true}"#,
        ])
    }


    /// A study of one case is counted in the singular, in the sweep's lines and in the merge's.
    func testOneCaseIsSaidInTheSingular() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, "return {run = function(case) return {doubled = 2 * case.seed} end}")
        let out = folder.appendingPathComponent("results.jsonl").path
        let result = try ForcelabProcess.run(["sweep", "--out", out, spec])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("forcelab sweep: 1 case, 0 recorded before, 1 to run on 1 job ->"), result.stderr)
        XCTAssertTrue(result.stderr.contains("forcelab sweep: 1 case run in "), result.stderr)
        let merge = try ForcelabProcess.run(["sweep", "--merge", out, "--out", folder.appendingPathComponent("study").path])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(merge.stdout.contains("results.csv: 1 case, 1 configuration\n"), merge.stdout)
    }
    func testJobsDefaultToTheCoresTheProcessMayUseNotEveryCoreOfTheMachine() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            throw XCTSkip("needs two cores and taskset (util-linux)")
        }
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder), out = folder.appendingPathComponent("results.jsonl").path
        let pinned = try ForcelabProcess.run(
            ["-c", "0", ForcelabProcess.binary, "sweep", "--out", out, spec, folder.path], executable: "/usr/bin/taskset")
        XCTAssertTrue(pinned.stderr.contains("12 cases, 0 recorded before, 12 to run on 1 job ->"), pinned.stderr)
        XCTAssertEqual(lines(out).count, 11, pinned.stderr)
    }

    func testSimulationThreadsDefaultToTheCoresTheProcessMayUse() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            throw XCTSkip("needs two cores and taskset (util-linux)")
        }
        let chunk = "print(fl.simulation(fl.graph.generate('grid', {rows = 2, columns = 2})):threads())"
        let pinned = try ForcelabProcess.run(["-c", "0", ForcelabProcess.binary, "-e", chunk], executable: "/usr/bin/taskset")
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        XCTAssertEqual(pinned.stdout, "1\n")
    }

    func testResumesAfterBeingKilledWithoutRedoingFinishedCases() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder), out = folder.appendingPathComponent("results.jsonl").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        process.arguments = ["sweep", "--jobs", "2", "--out", out, spec, folder.path, "0.15"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while lines(out).count < 4 && Date() < deadline { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        usleep(400_000)  // the workers finish their case and find the parent gone
        let before = lines(out)
        XCTAssertGreaterThanOrEqual(before.count, 4)
        XCTAssertLessThan(before.count, 11, "the sweep was killed before it finished")
        // An append cut short by the kill would leave a partial line; the next run drops it and runs that case again.
        let torn = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        try torn.seekToEnd()
        try torn.write(contentsOf: Data("{\"parameters\":{\"charge\":-30,\"dista".utf8))
        try torn.close()

        let resumed = try ForcelabProcess.run(["sweep", "--jobs", "2", "--out", out, spec, folder.path])
        XCTAssertTrue(resumed.stderr.contains("ended inside a line"), resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("12 cases, \(before.count) recorded before, \(12 - before.count) to run"), resumed.stderr)
        let after = lines(out)
        XCTAssertEqual(Array(after.prefix(before.count)), before)
        XCTAssertEqual(after.count, 11)
        XCTAssertEqual(Set(figures(out).keys).count, 11)
    }

    /// Ctrl-C (SIGINT), a batch system's SIGTERM or a closed terminal's SIGHUP ends the workers with the sweep: they
    /// run in process groups of their own, so without this they went on with their cases after the sweep had gone.
    func testASignalEndsTheWorkersAtOnceAndSaysHowToResume() throws {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let folder = try ForcelabProcess.temporaryFolder(self)
            let spec = try makeSpec(folder, """
                local folder = ...
                return {grid = {n = {1, 2, 3, 4}}, run = function(case)
                  local stat = assert(io.open("/proc/self/stat")):read("l")
                  local log = assert(io.open(folder .. "/pids.txt", "a"))
                  log:write(stat:match("^%d+"), "\\n")
                  log:close()
                  os.execute("sh -c 'echo $$ >> " .. folder .. "/commands.txt; exec sleep 60'")
                  return {n = case.n}
                end}
                """)
            let out = folder.appendingPathComponent("results.jsonl").path
            let pids = folder.appendingPathComponent("pids.txt").path
            // Standard error goes to a file: the `sleep` each worker started keeps it open for its minute.
            let errors = folder.appendingPathComponent("stderr.txt").path
            XCTAssertTrue(FileManager.default.createFile(atPath: errors, contents: nil))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
            process.arguments = ["sweep", "--jobs", "2", "--out", out, spec, folder.path]
            process.standardError = FileHandle(forWritingAtPath: errors)
            try process.run()
            // Each worker notes its pid, then its command notes its own: wait until both commands run.
            let commandPids = folder.appendingPathComponent("commands.txt").path
            let deadline = Date().addingTimeInterval(30)
            while lines(commandPids).count < 2 && Date() < deadline { usleep(20_000) }
            XCTAssertEqual(lines(pids).count, 2, "both workers started a case")
            let sent = Date()
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            XCTAssertLessThan(Date().timeIntervalSince(sent), 20, "the sweep did not wait for its cases")
            XCTAssertEqual(process.terminationStatus, status)
            let stderr = try String(contentsOfFile: errors, encoding: .utf8)
            XCTAssertTrue(stderr.contains(": 0 of 4 cases run; the same command runs the rest"), stderr)
            XCTAssertFalse(stderr.contains("case n="), "a case cut short is not reported as failed: \(stderr)")
            for pid in lines(pids).compactMap({ Int32($0) }) {
                XCTAssertEqual(kill(pid, 0), -1, "worker \(pid) is still running")
            }
            // The commands the spec started end with their workers, as a terminal's Ctrl-C ends a command's children.
            let commands = lines(commandPids).compactMap { Int32($0) }
            XCTAssertEqual(commands.count, 2)
            let ending = Date().addingTimeInterval(5)
            while commands.contains(where: isRunning) && Date() < ending { usleep(20_000) }
            for pid in commands { XCTAssertFalse(isRunning(pid), "the spec's command \(pid) is still running") }
        }
    }

    /// The sweep ends its workers with SIGTERM: none of them, nor the commands their spec starts, has it or SIGINT
    /// ignored, though the first ones start while the sweep sets up its own handling of both (which ignores them a moment).
    func testNoWorkerIgnoresSIGTERMOrSIGINT() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        // SigIgn's bit 14 is SIGTERM (15), bit 1 SIGINT (2).
        let spec = try makeSpec(folder, """
            local function ignoresTerm(status) return tonumber(status:match("SigIgn:%s*(%x+)"), 16) & (1 << 14 | 1 << 1) ~= 0 end
            return {seeds = 8, run = function(case)
              local command = assert(io.popen("cat /proc/self/status")):read("a")
              return {worker = ignoresTerm(assert(io.open("/proc/self/status")):read("a")), command = ignoresTerm(command)}
            end}
            """)
        for run in 1...10 {
            let out = folder.appendingPathComponent("r\(run).jsonl").path
            let result = try ForcelabProcess.run(["sweep", "--jobs", "4", "--out", out, spec])
            XCTAssertEqual(result.status, 0, result.stderr)
            let records = lines(out)
            XCTAssertEqual(records.count, 8, result.stderr)
            for record in records {
                XCTAssertTrue(record.contains("\"figures\":{\"command\":false,\"worker\":false}"), record)
            }
        }
    }

    /// Whether process `pid` exists and has not ended (an orphan that ended may stay a zombie until it is reaped).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// A command a worker's spec left running keeps writing to the worker's standard error after the worker has
    /// died and a new one has taken its place: each of its lines still comes through (the sweep waits a second for
    /// it, then reads on while the new worker runs), none is lost or read from another worker's pipe.
    func testACommandLeftRunningByADeadWorkerIsHeardToTheEnd() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            return {seeds = 3, run = function(case)
              if case.seed == 1 then
                os.execute("(sleep 1.5; echo late >&2; sleep 0.5; echo later >&2) &")
                os.exit(3)
              end
              os.execute("sleep 2.5")
              return {seed = case.seed}
            end}
            """)
        let out = folder.appendingPathComponent("results.jsonl").path
        let result = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", out, spec])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("case seed=1: the worker process exited with status 3"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\nlate\nlater\n"), result.stderr)
        XCTAssertEqual(lines(out).count, 2, result.stderr)
    }

    /// A spec that loads in the sweep (which counts its cases) and, from the `failFrom`-th load on, prints 1000
    /// lines and fails, so the workers from then on cannot start; `run` notes its worker's pid, then waits `pause`
    /// seconds in a command.
    private func workerFailingSpec(_ folder: URL, failFrom: Int, pause: Int) throws -> String {
        try makeSpec(folder, """
            local folder = ...
            local loads = 1  -- which load this is: the first whose folder mkdir makes (two workers may load at once)
            while not os.execute("mkdir " .. folder .. "/load-" .. loads .. " 2>/dev/null") do loads = loads + 1 end
            if loads >= \(failFrom) then
              for i = 1, 1000 do print("line " .. i .. " of the worker that fails " .. string.rep(".", 40)) end
              error("this worker cannot start")
            end
            return {seeds = 4, run = function(case)
              local stat = assert(io.open("/proc/self/stat")):read("l")
              local log = assert(io.open(folder .. "/pids.txt", "a"))
              log:write(stat:match("^%d+"), "\\n")
              log:close()
              os.execute("sleep \(pause)")
              return {seed = case.seed}
            end}
            """)
    }

    /// A worker that cannot start is waited for: everything it wrote comes through, before the sweep's message.
    func testAWorkerThatCannotStartIsHeardToTheEnd() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try workerFailingSpec(folder, failFrom: 2, pause: 0)
        let result = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", folder.appendingPathComponent("r.jsonl").path, spec, folder.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("of the worker that fails") }.count, 1000, result.stderr)
        let last = lines.lastIndex { $0.hasPrefix("line 1000 of the worker that fails") }
        let message = lines.firstIndex { $0.hasPrefix("forcelab sweep: a worker could not start: \(spec):6: this worker cannot start") }
        XCTAssertNotNil(message, result.stderr)
        XCTAssertLessThan(last ?? .max, message ?? .min, "the worker's lines come before the sweep's message")
    }

    /// A signal that stops a sweep a failure had already stopped gets its own line, after the failure's own.
    func testASignalAfterAFailureIsSaidApart() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try workerFailingSpec(folder, failFrom: 3, pause: 60)
        let errors = folder.appendingPathComponent("stderr.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: errors, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        process.arguments = ["sweep", "--jobs", "2", "--out", folder.appendingPathComponent("r.jsonl").path, spec, folder.path]
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        // The first worker runs a case (its pid noted) and the second has failed to start (its 1000 lines through).
        let deadline = Date().addingTimeInterval(30)
        func ready() -> Bool {
            lines(folder.appendingPathComponent("pids.txt").path).count == 1
                && lines(errors).contains { $0.hasPrefix("line 1000 of the worker that fails") }
        }
        while !ready() && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let said = lines(errors).filter { $0.hasPrefix("forcelab sweep: ") }
        XCTAssertEqual(said.count, 3, said.joined(separator: "\n"))
        XCTAssertEqual(said.dropFirst().first, "forcelab sweep: a worker could not start: \(spec):6: this worker cannot start")
        XCTAssertEqual(said.last, "forcelab sweep: interrupted: 0 of 4 cases run; the same command runs the rest")
    }

    func testShardsTogetherEqualTheUnshardedRunByteForByte() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder)
        let whole = folder.appendingPathComponent("whole.jsonl").path
        _ = try ForcelabProcess.run(["sweep", "--out", whole, spec, folder.path])
        var union: [String: String] = [:]
        for shard in 1...3 {
            let out = folder.appendingPathComponent("shard-\(shard).jsonl").path
            // Shard 2 takes its number from Slurm's job-array variables, as an sbatch --array=0-2 task would.
            let arguments = shard == 2 ? ["sweep", "--out", out, spec, folder.path] : ["sweep", "--shard", "\(shard)/3", "--out", out, spec, folder.path]
            let environment = shard == 2 ? ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "0"] : [:]
            let result = try ForcelabProcess.run(arguments, environment: environment)
            XCTAssertTrue(result.stderr.contains("4 cases (shard \(shard)/3 of 12)"), result.stderr)
            let records = figures(out)
            XCTAssertTrue(Set(records.keys).isDisjoint(with: union.keys), "shards overlap")
            union.merge(records) { first, _ in first }
        }
        XCTAssertEqual(union, figures(whole))
        XCTAssertEqual(union.count, 11)
    }

    func testBadSpecsAndOptionsAreNamed() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        func sweep(_ spec: String, _ options: [String] = []) throws -> ForcelabProcess.Result {
            try ForcelabProcess.run(["sweep"] + options + ["--out", folder.appendingPathComponent("r.jsonl").path, try makeSpec(folder, spec)])
        }
        let path = folder.appendingPathComponent("spec.lua").path
        for (spec, message) in [
            ("return {run = function() end, seed = 3}", "'\(path)': unknown field 'seed' in the spec (fields: cases, grid, run, seeds)"),
            ("return {grid = {a = {1}}}", "'\(path)': field 'run' must be a function(case) returning a table of figures, got nil"),
            ("return {grid = {seed = {1, 2}}, run = print}", "'\(path)': 'seed' cannot be a parameter; give the seeds in field 'seeds'"),
            ("return {grid = {a = {{}}}, run = print}", "'\(path)': grid 'a' must list one or more values, each a finite number, a string or a boolean"),
            ("return {grid = {a = {}}, run = print}", "'\(path)': grid 'a' must list one or more values, each a finite number, a string or a boolean"),
            ("return {grid = {a = {1, 0/0}}, run = print}", "'\(path)': grid 'a' must list one or more values, each a finite number, a string or a boolean"),
            ("return {seeds = {1, 1}, run = print}", "'\(path)': field 'seeds' must list distinct integers"),
            ("return 5", "'\(path)' must return a table {grid =, cases =, seeds =, run =}, got number"),
            ("return {cases = {{a = 1, b = 'x'}, {b = 'x', a = 1}}, run = print}", "'\(path)': the configuration {\"a\":1,\"b\":\"x\"} comes twice; each case must be different"),
        ] {
            let result = try sweep(spec)
            XCTAssertEqual(result.status, 1, spec)
            XCTAssertEqual(result.stderr, "forcelab sweep: \(message)\n", spec)
        }
        let figure = try sweep("return {cases = {{graph = 'tree'}}, run = function() return {x = 0/0} end}")
        XCTAssertTrue(figure.stderr.contains("case graph=tree seed=1: run returned figure 'x' = "), figure.stderr)
        XCTAssertTrue(figure.stderr.contains("figures must be finite numbers, strings or booleans"), figure.stderr)
        let huge = try sweep("return {run = function() return {x = (1 << 53) + 1} end}")
        XCTAssertTrue(huge.stderr.contains("case seed=1: run returned figure 'x' = 9007199254740993, an integer with more digits than a record's number holds exactly"), huge.stderr)
        let died = try sweep("return {seeds = 2, run = function(c) if c.seed == 1 then os.exit(7) end return {} end}")
        XCTAssertTrue(died.stderr.contains("case seed=1: the worker process exited with status 7"), died.stderr)
        XCTAssertTrue(died.stderr.contains("2 cases run in"), died.stderr)
        for (options, message) in [(["--jobs", "0"], "'--jobs' must be a whole number from 1 to 1024, got '0'"), (["--shard", "4/3"], "'--shard' must be I/N with 1 <= I <= N, got '4/3'"),
                                   (["--frobnicate"], "unknown option '--frobnicate'")] {
            let result = try sweep("return {run = print}", options)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.hasPrefix("forcelab sweep: \(message)\nusage: forcelab sweep"), result.stderr)
        }
        for (environment, message) in [
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"],
             "the shard from SLURM_ARRAY_TASK_ID=5 (SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=4) must be I/N with 1 <= I <= N, got '5/4'"),
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2"],
             "a Slurm array with a step (SLURM_ARRAY_TASK_STEP=2) cannot number the shards; submit --array=1-N, or give --shard"),
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1"],
             "SLURM_ARRAY_TASK_ID is set (a job array's task) but SLURM_ARRAY_TASK_COUNT is not (an older Slurm), so the shards cannot be numbered; give --shard I/N"),
        ] {
            let result = try ForcelabProcess.run(["sweep", "--out", folder.appendingPathComponent("r.jsonl").path, path], environment: environment)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.hasPrefix("forcelab sweep: \(message)\n"), result.stderr)
        }
    }

    /// The union of the shards `run` leaves in `folder` (shard-*.jsonl or p-*.jsonl) against the unsharded run of
    /// `spec` with `arguments` on every core; returns the union.
    @discardableResult
    private func assertShardsEqualWholeRun(_ folder: URL, prefix: String, spec: String, arguments: [String]? = nil, cases: Int = 11,
                                           file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let whole = folder.appendingPathComponent("whole.jsonl").path
        _ = try ForcelabProcess.run(["sweep", "--out", whole, spec] + (arguments ?? [folder.path]))
        var union: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(prefix) && name.hasSuffix(".jsonl") {
            let records = figures(folder.appendingPathComponent(name).path)
            XCTAssertTrue(Set(records.keys).isDisjoint(with: union.keys), "shards overlap", file: file, line: line)
            union.merge(records) { first, _ in first }
        }
        XCTAssertEqual(union.count, cases, file: file, line: line)
        XCTAssertEqual(union, figures(whole), file: file, line: line)
        return union
    }

    /// In a Slurm array task whose environment numbers no shard (an older Slurm, an array with a step), the
    /// --shard the message asks for runs the sweep (its workers, which get no --shard, take none from Slurm either),
    /// and --merge, which runs no shard, takes no notice of Slurm.
    func testSlurmsVariablesNumberOnlyTheShardOfARun() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, "return {grid = {n = {1, 2, 3}}, run = function(c) return {n2 = c.n * c.n} end}")
        let out = folder.appendingPathComponent("r.jsonl").path
        for environment in [["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1"],
                            ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2"]] {
            try? FileManager.default.removeItem(atPath: out)
            let run = try ForcelabProcess.run(["sweep", "--jobs", "1", "--shard", "1/1", "--out", out, spec], environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(lines(out).count, 3, run.stderr)
            let merge = try ForcelabProcess.run(["sweep", "--merge", out, "--out", folder.appendingPathComponent("study").path], environment: environment)
            XCTAssertEqual(merge.status, 0, merge.stderr)
            XCTAssertTrue(merge.stdout.contains("results.csv: 3 cases"), merge.stdout)
        }
    }

    func testGNUParallelRecipe() throws {
        let parallel = "/usr/bin/parallel"
        guard FileManager.default.isExecutableFile(atPath: parallel) else {
            return XCTFail("GNU parallel is missing: run scripts/setup (apt-get install parallel)")
        }
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder)
        // The recipe of docs/scale.md: one single-job sweep per shard, as many at once as there are cores, into a
        // results folder that does not exist yet.
        let result = try ForcelabProcess.run(
            ["--will-cite", ForcelabProcess.binary, "sweep", "--jobs", "1", "--shard", "{}/3", "--out", "results/p-{}.jsonl", spec, folder.path,
             ":::", "1", "2", "3"], in: folder, executable: parallel)
        XCTAssertEqual(result.status, 1, "one case fails, so one shard's sweep exits with 1 (parallel counts the failures): \(result.stderr)")
        try assertShardsEqualWholeRun(folder.appendingPathComponent("results"), prefix: "p-", spec: spec, arguments: [folder.path])
    }

    /// The study of examples/sweep-charge.lua (small: 2 graphs x 2 strengths x 2 distances x 5 seeds, random
    /// placement) through a 3-task job array on a real Slurm: the shards' union equals the run on every core, and
    /// the seeds give different layouts.
    func testSlurmJobArray() throws {
        if ProcessInfo.processInfo.environment["FORCELAB_SLURM_TESTS"] != "1" {
            throw XCTSkip("set FORCELAB_SLURM_TESTS=1 (as .ci/run does) to run the sweep on a real Slurm")
        }
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = ForcelabProcess.packageRoot.appendingPathComponent("examples/sweep-charge.lua").path
        let script = ForcelabProcess.packageRoot.appendingPathComponent("scripts/test-slurm").path
        let result = try ForcelabProcess.run([script, ForcelabProcess.binary, spec, folder.path, "3", "small"], executable: "/bin/bash")
        XCTAssertEqual(result.status, 0, "every task of the array succeeds: \(result.stdout)\n\(result.stderr)")
        for (shard, count) in [(1, 14), (2, 13), (3, 13)] {
            XCTAssertTrue(result.stdout.contains("\(count) cases (shard \(shard)/3 of 40)"), result.stdout)
        }
        let union = try assertShardsEqualWholeRun(folder, prefix: "shard-", spec: spec, arguments: ["small"], cases: 40)
        // Random placement: the five seeds of one configuration give five different layouts.
        let configuration = union.filter { $0.key.contains("\"graph\":\"miserables\"") && $0.key.contains("\"strength\":-60") && $0.key.contains("\"distance\":20") }
        XCTAssertEqual(configuration.count, 5, "\(union.keys.sorted())")
        XCTAssertEqual(Set(configuration.values).count, 5, "\(configuration)")
    }

    func testProgressBarOnATerminalOnly() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder)
        let out = folder.appendingPathComponent("results.jsonl").path
        let terminal = try PseudoTerminal(ForcelabProcess.binary, ["sweep", "--jobs", "2", "--out", out, spec, folder.path, "0.1"],
                                          environment: ["HOME": folder.path, "TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(terminal.waitForExit(timeout: 60), 1, terminal.screen)
        XCTAssertNotNil(terminal.screen.range(of: #"█+·* \d+/12 cases  [0-9.]+/s  ETA \d+:\d\d"#, options: .regularExpression), terminal.screen)
        try FileManager.default.removeItem(atPath: out)
        // On a narrow terminal the bar shortens so that its line never wraps.
        let narrow = try PseudoTerminal(ForcelabProcess.binary, ["sweep", "--jobs", "2", "--out", out, spec, folder.path, "0.1"],
                                        environment: ["HOME": folder.path, "TERM": "xterm", "PATH": "/usr/bin:/bin"], columns: 50)
        XCTAssertEqual(narrow.waitForExit(timeout: 60), 1, narrow.screen)
        let pattern = try NSRegularExpression(pattern: #"[█·]* ?\d+/12 cases  [0-9.]+/s  ETA \d+:\d\d(  \d+ failed)?"#)
        let screen = narrow.screen as NSString
        let bars = pattern.matches(in: narrow.screen, range: NSRange(location: 0, length: screen.length)).map { screen.substring(with: $0.range) }
        XCTAssertFalse(bars.isEmpty, narrow.screen)
        for bar in bars { XCTAssertLessThan(bar.count, 50, "'\(bar)'") }
        try FileManager.default.removeItem(atPath: out)
        let piped = try ForcelabProcess.run(["sweep", "--out", out, spec, folder.path])
        XCTAssertFalse(piped.stderr.contains("ETA"), "no progress bar in a pipe")
    }

    /// A spec whose cases call `sim:run()` on a terminal: the workers' standard error goes through the sweep, so
    /// no simulation's progress bar ("tick 20  alpha 0.6310") is drawn over the sweep's, and what the spec prints
    /// arrives whole, on lines of its own.
    func testTheSpecsSimulationsDrawNoBarOverTheSweeps() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            return {grid = {n = {20, 30, 40}}, run = function(case)
              local g = fl.graph.generate("tree", {n = case.n})
              local sim = fl.simulation(g, {threads = 1})
              sim:force("charge", fl.force.manyBody{})
              sim:run()
              io.stderr:write("laid out ", case.n)
              print(" nodes")
              return {ticks = 300}
            end}
            """)
        let out = folder.appendingPathComponent("results.jsonl").path
        let terminal = try PseudoTerminal(ForcelabProcess.binary, ["sweep", "--jobs", "2", "--out", out, spec],
                                          environment: ["HOME": folder.path, "TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(terminal.waitForExit(timeout: 60), 0, terminal.screen)
        XCTAssertFalse(terminal.screen.contains("alpha"), "a worker's simulation drew its bar: \(terminal.screen)")
        for n in [20, 30, 40] {
            XCTAssertTrue(terminal.screen.contains("laid out \(n) nodes\r\n"), terminal.screen)
        }
        XCTAssertTrue(terminal.screen.contains("3 cases run in"), terminal.screen)
    }

    func testMergeWritesOneTableBandPlotsAndRadarCharts() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        // a = strength × seed varies across the seeds, so its bands have width; label is a string figure; stress is
        // named as fl.metrics names it, so its pictures say lower is better; c (both graph names have one letter)
        // and ticks are the same in every case; spread varies by seed only, so its mean is the same in every
        // configuration.
        let spec = try makeSpec(folder, """
            return {grid = {strength = {-1, -2}, graph = {"x", "y"}}, seeds = 3,
                    run = function(c) return {a = c.strength * c.seed, b = c.seed * (c.graph == "x" and 1 or 2), c = #c.graph,
                                              label = c.graph .. c.seed, stress = 0.1 * c.seed - c.strength, ticks = 300,
                                              spread = c.seed} end}
            """)
        let results = folder.appendingPathComponent("r.jsonl").path
        XCTAssertEqual(try ForcelabProcess.run(["sweep", "--out", results, spec]).status, 0)
        let copy = folder.appendingPathComponent("copy.jsonl").path
        let lines = self.lines(results)
        try (lines.map { $0.replacingOccurrences(of: "\"b\":1,", with: "\"b\":9,") }.joined(separator: "\n") + "\n").write(toFile: copy, atomically: true, encoding: .utf8)
        let study = folder.appendingPathComponent("study").path
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, copy, "--out", study])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(merge.stdout.contains("results.csv: 12 cases, 4 configurations"), merge.stdout)
        XCTAssertTrue(merge.stderr.contains("case graph=x strength=-1 seed=1 is recorded twice with different figures; the first record is kept"), merge.stderr)
        let table = try String(contentsOfFile: study + "/results.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(table.count, 13)
        XCTAssertTrue(table[0].hasPrefix("graph,strength,seed,a,b,c,label,spread,stress,ticks,seconds"), String(table[0]))
        XCTAssertTrue(table[1].hasPrefix("x,-2,1,-2,1,1,x1,"), String(table[1]))
        let plot = try String(contentsOfFile: study + "/a-by-strength.svg", encoding: .utf8)
        XCTAssertEqual(plot.components(separatedBy: "<polygon").count - 1, 2, "a band for each graph")
        XCTAssertTrue(plot.contains(">a by strength<") && plot.contains(">strength  (lines: graph)<") && plot.contains(">a, mean ± sd over 3 seeds<"))
        for picture in ["a-by-strength.svg", "stress-by-strength.svg", "radar-1-graph=x-strength=-2.svg", "radar-4-graph=y-strength=-1.svg"] {
            try PictureCheck.assertDrawn(svg: study + "/" + picture, file: picture)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: study + "/label-by-strength.svg"), "a string figure is tabled, not plotted")
        // A figure with one value throughout compares nothing: tabled, not drawn, and said so.
        XCTAssertTrue(merge.stdout.contains("figure 'c' is 1 in every record: it is tabled, not drawn\n"), merge.stdout)
        XCTAssertTrue(merge.stdout.contains("figure 'ticks' is 300 in every record: it is tabled, not drawn\n"), merge.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: study + "/ticks-by-strength.svg"))
        let radar = try String(contentsOfFile: study + "/radar-1-graph=x-strength=-2.svg", encoding: .utf8)
        XCTAssertFalse(radar.contains(">ticks<"), "no radar axis for a figure with one value")
        XCTAssertTrue(merge.stdout.contains("figure 'spread' has the same mean in every configuration: it is left out of the radar charts\n"), merge.stdout)
        XCTAssertFalse(radar.contains(">spread<"), "no radar axis on which every chart has the same value")
        XCTAssertTrue(FileManager.default.fileExists(atPath: study + "/spread-by-strength.svg"), "its plot shows its spread over the seeds")
        XCTAssertTrue(radar.contains(">stress<") && radar.contains(">lower is better<"), radar)
        XCTAssertEqual(radar.components(separatedBy: "is better<").count - 1, 1, "only the figure fl.metrics names says which way is better")
        let stressPlot = try String(contentsOfFile: study + "/stress-by-strength.svg", encoding: .utf8)
        XCTAssertTrue(stressPlot.contains(">stress, mean ± sd over 3 seeds (lower is better)<"), stressPlot)
        XCTAssertFalse(merge.stderr.contains("figure 'label'"), "a figure that is never a number is not warned about: \(merge.stderr)")
        // A figure some cases leave out (nil in Lua: a misspelt or optional field) is tabled, not drawn, and said so.
        let partialMerge = try sweepAndMerge(folder, "partial", spec: """
            return {grid = {strength = {-1, -2}}, seeds = 2,
                    run = function(c) return {a = c.seed, b = c.seed, c = c.seed, d = c.strength == -1 and c.seed or nil} end}
            """)
        XCTAssertTrue(partialMerge.stderr.contains("figure 'd' is not a number in 2 of 4 records (missing there): it is tabled, not drawn"), partialMerge.stderr)
        XCTAssertFalse(partialMerge.stdout.contains("d-by-strength.svg"), partialMerge.stdout)
        let bad = try ForcelabProcess.run(["sweep", "--merge", spec, "--out", study])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("""
            forcelab sweep: \(spec):1:1: not a sweep's results file (a results file holds one case's record per line, \
            {"parameters":{...},"seed":n,"figures":{...},"seconds":s}): invalid value
            """), bad.stderr)
    }

    /// A shard whose last record was cut short (a job killed mid-write, a full disk) still merges: the torn line
    /// is left out with a warning, as a sweep run on the file would drop it, and a torn line elsewhere is an error.
    func testMergeLeavesOutATornLastLineAndSaysSo() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, "return {grid = {n = {1, 2, 3}}, run = function(c) return {n2 = c.n * c.n} end}")
        let results = folder.appendingPathComponent("r.jsonl").path
        XCTAssertEqual(try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", results, spec]).status, 0)
        let text = try String(contentsOfFile: results, encoding: .utf8)
        try String(text.dropLast(20)).write(toFile: results, atomically: true, encoding: .utf8)
        let study = folder.appendingPathComponent("study").path
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", study])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertTrue(merge.stdout.contains("results.csv: 2 cases, 2 configurations"), merge.stdout)
        XCTAssertTrue(merge.stderr.contains("\(results):3: the file ends inside this record (an interrupted write): that case is left out"), merge.stderr)
        let lines = text.split(separator: "\n")
        try ([lines[0], lines[1].dropLast(20), lines[2]].joined(separator: "\n") + "\n").write(toFile: results, atomically: true, encoding: .utf8)
        let inside = try ForcelabProcess.run(["sweep", "--merge", results, "--out", study])
        XCTAssertEqual(inside.status, 1)
        XCTAssertTrue(inside.stderr.contains("\(results):2:"), inside.stderr)
        XCTAssertTrue(inside.stderr.contains(": a damaged record (a results file holds one case's record per line, "), inside.stderr)
    }

    /// The radar axes' round bounds hold every configuration's mean, even where rounding the bound out falls a
    /// rounding error short of it (x: 0.00191 is above 3820 × 5e-7) or cannot move it (w: a step below the mean's
    /// precision); the chart refused such a mean as outside its axis, and the merge failed.
    func testRadarAxesHoldTheMeansWhateverTheRounding() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let results = folder.appendingPathComponent("r.jsonl").path
        try """
            {"parameters":{"k":1},"seed":1,"figures":{"w":1000000000,"x":0.001900438738858089,"y":1},"seconds":0.1}
            {"parameters":{"k":2},"seed":1,"figures":{"w":1000000000.0000001,"x":0.00191,"y":2},"seconds":0.1}

            """.write(toFile: results, atomically: true, encoding: .utf8)
        let study = folder.appendingPathComponent("study").path
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", study])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        for k in [1, 2] { try PictureCheck.assertDrawn(svg: study + "/radar-\(k)-k=\(k).svg", file: "radar-\(k)") }
    }

    /// Ten or more configurations' radar charts are numbered with leading zeros, so that a listing keeps their order.
    func testRadarChartsAreNumberedToTheWidthOfTheirCount() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let results = folder.appendingPathComponent("r.jsonl").path
        try (1...10).map { k in
            #"{"parameters":{"k":\#(k)},"seed":1,"figures":{"a":\#(k),"b":\#(2 * k),"c":\#(k * k)},"seconds":0.1}"# + "\n"
        }.joined().write(toFile: results, atomically: true, encoding: .utf8)
        let study = folder.appendingPathComponent("study").path
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", study])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        let radars = try FileManager.default.contentsOfDirectory(atPath: study).filter { $0.hasPrefix("radar-") }.sorted()
        XCTAssertEqual(radars, (1...10).map { k in String(format: "radar-%02d-k=%d.svg", k, k) })
    }

    /// Each record says what ran: the build's commit (the package's git HEAD, as `git` tells it), whether its tree
    /// was clean, how it was built, the host, the engine settings of the case's simulations, and the SHA-256 of the
    /// spec and of each file the case read (as `sha256sum` tells it). A merge refuses records of two commits, naming
    /// each with its files, unless given --mixed-builds.
    func testRecordsSayWhatRanAndMergeRefusesMixedBuilds() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        try "1\n2\n3\n".write(to: folder.appendingPathComponent("input.txt"), atomically: true, encoding: .utf8)
        let spec = try makeSpec(folder, """
            return {grid = {mode = {"exact", "fast"}}, run = function(c)
              local n = 0
              for _ in io.lines("input.txt") do n = n + 1 end
              local sim = fl.simulation(fl.graph.generate("tree", {n = 5}), {mode = c.mode, threads = 1})
              sim:tick(1)
              return {lines = n}
            end}
            """)
        let out = folder.appendingPathComponent("r.jsonl").path
        let run = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", out, spec], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try lines(out).map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(records.count, 2)
        func tool(_ arguments: [String]) throws -> String {
            let process = Process(), pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = ForcelabProcess.packageRoot
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationStatus == 0 ? text.trimmingCharacters(in: .whitespacesAndNewlines) : ""
        }
        let head = try tool(["git", "rev-parse", "HEAD"])
        let hostName = try tool(["hostname"])
        let inputDigest = String(try tool(["sha256sum", folder.appendingPathComponent("input.txt").path]).prefix(64))
        let specDigest = String(try tool(["sha256sum", spec]).prefix(64))
        for (record, mode) in zip(records, ["exact", "fast"]) {
            if head.isEmpty {
                XCTAssertTrue(record["commit"] is NSNull, "built outside git: \(record)")
            } else {
                XCTAssertEqual(record["commit"] as? String, head, "the build is stamped with the commit it was built from")
                XCTAssertNotNil(record["clean"] as? Bool)
            }
            XCTAssertEqual(record["build"] as? [String: String], ["configuration": "debug", "engine": "portable"])
            XCTAssertEqual(record["host"] as? String, hostName)
            let engine = record["engine"] as? [[String: Any]] ?? []
            XCTAssertEqual(engine.count, 1, "one setting: \(engine)")
            XCTAssertEqual(engine.first?["mode"] as? String, mode)
            XCTAssertEqual(engine.first?["threads"] as? Int, 1)
            XCTAssertEqual(record["spec"] as? [String: String], ["path": spec, "sha256": specDigest])
            XCTAssertEqual(record["files"] as? [String: String], ["input.txt": inputDigest], "the file the case read, as the spec named it")
        }

        let other = folder.appendingPathComponent("other.jsonl").path
        let foreign = String(repeating: "1", count: 40)
        let recorded = head.isEmpty ? "\"commit\":null" : "\"commit\":\"\(head)\""
        try (lines(out).map { $0.replacingOccurrences(of: recorded, with: "\"commit\":\"\(foreign)\"") }.joined(separator: "\n") + "\n")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let study = folder.appendingPathComponent("study").path
        let refused = try ForcelabProcess.run(["sweep", "--merge", out, other, "--out", study])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the records come from builds of different commits"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("commit \(foreign): 2 records in \(other)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("merge anyway with --mixed-builds"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: study + "/results.csv"))
        let mixed = try ForcelabProcess.run(["sweep", "--merge", out, other, "--out", study, "--mixed-builds"])
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("merging records from builds of different commits (--mixed-builds)"), mixed.stderr)
        let misplaced = try ForcelabProcess.run(["sweep", "--mixed-builds", spec])
        XCTAssertEqual(misplaced.status, 2, misplaced.stderr)
        XCTAssertTrue(misplaced.stderr.contains("'--mixed-builds' applies only to --merge"), misplaced.stderr)
    }

    /// Merged pictures that read: parameter values in numeric order (-100, -30, -10, not as text); one panel per graph
    /// when a graph's figures would take up a sliver of shared axes, none when they share a scale; beyond ten lines,
    /// markers and dashes tell apart series whose colours repeat; and a warning when every seed of a configuration
    /// gave the same figures.
    func testMergedPicturesOrderNumbersSplitScalesAndTellTwelveLinesApart() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            return {grid = {graph = {"small", "large"}, strength = {-10, -100, -30}, k = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
                    seeds = 2,
                    run = function(c)
                      local size = c.graph == "large" and 5000 or 50
                      return {crossings = size * (1 + 0.05 * c.k) * (1 + 0.002 * c.strength) + c.seed * size * 0.01,
                              ratio = 0.1 * c.k + 0.001 * c.strength + 0.01 * c.seed}
                    end}
            """)
        let results = folder.appendingPathComponent("r.jsonl").path
        XCTAssertEqual(try ForcelabProcess.run(["sweep", "--out", results, spec]).status, 0)
        let study = folder.appendingPathComponent("study").path
        let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", study])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertFalse(merge.stderr.contains("identical figures"), merge.stderr)
        let table = try String(contentsOfFile: study + "/results.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(table[0], "graph,k,strength,seed,crossings,ratio,seconds")
        XCTAssertEqual(table[1...6].map { $0.split(separator: ",")[2] }, ["-100", "-100", "-30", "-30", "-10", "-10"])
        XCTAssertTrue(table[7].hasPrefix("large,2,-100,1,"), "k 2 comes before k 10: \(table[7])")

        let crossings = try String(contentsOfFile: study + "/crossings-by-strength.svg", encoding: .utf8)
        try PictureCheck.assertDrawn(svg: study + "/crossings-by-strength.svg", file: "crossings-by-strength.svg")
        XCTAssertTrue(crossings.contains(">crossings by strength, one panel per graph<"), crossings)
        XCTAssertEqual(crossings.components(separatedBy: "class=\"panel\"").count - 1, 2)
        XCTAssertTrue(crossings.contains(">graph = large<") && crossings.contains(">graph = small<"))
        XCTAssertTrue(crossings.contains(">strength  (lines: k)<"), crossings)
        // Twelve lines a panel: the eleventh and twelfth are dashed, with square markers, in the plot and the legend.
        XCTAssertEqual(crossings.components(separatedBy: "stroke-dasharray=").count - 1, 2 * (2 + 2))
        let legendOrder = ["1", "2", "9", "10", "11", "12"].map { crossings.range(of: ">\($0)</text>")!.lowerBound }
        XCTAssertEqual(legendOrder, legendOrder.sorted(), "the lines' legend is in numeric order")

        let ratio = try String(contentsOfFile: study + "/ratio-by-strength.svg", encoding: .utf8)
        XCTAssertFalse(ratio.contains("class=\"panel\""), "figures of one scale share their axes")
        XCTAssertTrue(ratio.contains(">strength  (lines: graph, k)<"), ratio)
        XCTAssertTrue(ratio.contains(">large, 1<") && ratio.contains(">small, 12<"))

        // Seeds that change nothing (d3's default placement) are pointed out.
        let sameMerge = try sweepAndMerge(folder, "same", spec: """
            return {grid = {n = {10, 20}}, seeds = 3, run = function(c)
              local g = fl.graph.generate("tree", {n = c.n})
              local sim = fl.simulation(g, {seed = c.seed, threads = 1})
              sim:tick(20)
              local m = fl.metrics(g)
              return {stress = m.stress, crossings = m.crossings}
            end}
            """)
        XCTAssertTrue(sameMerge.stderr.contains("in every configuration (2) all seeds gave identical figures: the seed changes nothing there"), sameMerge.stderr)
        XCTAssertTrue(sameMerge.stderr.contains("placement = \"random\""), sameMerge.stderr)
        let again = try ForcelabProcess.run(["sweep", "--out", folder.appendingPathComponent("again.jsonl").path,
                                             folder.appendingPathComponent("spec.lua").path])
        XCTAssertTrue(again.stderr.contains("forcelab sweep: in every configuration (2) all seeds gave identical figures"),
                      "the sweep itself says so at its end: \(again.stderr)")
    }

    /// A spec's standard input is empty, in the sweep and in its workers: reading it gets end of file, at load and in
    /// `run`, and the cases sent to a worker stay the worker's (a spec's `io.read()` took the next case, and the
    /// sweep hung for good). `timeout` ends the sweep should it hang again.
    func testASpecThatReadsStandardInputGetsEndOfFile() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            local atLoad = io.read("a")
            assert(atLoad == "", "the spec read the sweep's standard input: " .. atLoad)
            return {grid = {k = {1, 2, 3, 4, 5}}, run = function(c)
              return {k = c.k, line = tostring(io.read()), rest = io.read("a"), atLoad = atLoad}
            end}
            """)
        let out = folder.appendingPathComponent("r.jsonl").path
        let result = try ForcelabProcess.run(["60", ForcelabProcess.binary, "sweep", "--jobs", "1", "--out", out, spec],
                                             stdin: "typed at the terminal\n", executable: "/usr/bin/timeout")
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = figures(out)
        XCTAssertEqual(records.count, 5, result.stderr)
        for k in 1...5 {
            XCTAssertEqual(records[#"{"parameters":{"k":\#(k)},"seed":1}"#], #"{"atLoad":"","k":\#(k),"line":"nil","rest":""}"#)
        }
    }

    /// Cases that end their worker every way (abort, os.exit, a signal), raise an error or read standard input are each
    /// reported, the others recorded, and no worker is left. The Swift runtime's backtracer, which lets a process
    /// go on after a SIGABRT sent by kill, is turned off so that abort ends the worker as it does a C program.
    func testCrashingCasesAreEachReportedAndNoWorkerIsLeft() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, """
            local function signal(name)
              os.execute("kill -" .. name .. " $PPID")
              local deadline = fl.clock() + 10
              while fl.clock() < deadline do end
              error("still running after SIG" .. name)
            end
            return {grid = {how = {"abort", "exit", "error", "signal", "read", "fine"}}, seeds = 2, run = function(c)
              if c.how == "abort" then signal("ABRT") elseif c.how == "signal" then signal("KILL")
              elseif c.how == "exit" then os.exit(7) elseif c.how == "error" then error("broken")
              elseif c.how == "read" then return {read = tostring(io.read("n"))} end
              return {fine = true}
            end}
            """)
        let out = folder.appendingPathComponent("r.jsonl").path
        let result = try ForcelabProcess.run(["60", ForcelabProcess.binary, "sweep", "--jobs", "2", "--out", out, spec],
                                             stdin: "42\n", environment: ["SWIFT_BACKTRACE": "enable=no"], executable: "/usr/bin/timeout")
        XCTAssertEqual(result.status, 1, result.stderr)
        for seed in 1...2 {
            for (how, message) in [("abort", "the worker process was killed by signal 6"), ("exit", "the worker process exited with status 7"),
                                   ("error", "\(spec):9: broken"), ("signal", "the worker process was killed by signal 9")] {
                XCTAssertTrue(result.stderr.contains("case how=\(how) seed=\(seed): \(message)"), result.stderr)
            }
        }
        XCTAssertTrue(result.stderr.contains("12 cases run in"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(", 8 failed\n"), result.stderr)
        let records = figures(out)
        XCTAssertEqual(records.count, 4)
        XCTAssertEqual(records[#"{"parameters":{"how":"read"},"seed":2}"#], #"{"read":"nil"}"#)
        XCTAssertEqual(records[#"{"parameters":{"how":"fine"},"seed":1}"#], #"{"fine":true}"#)
        XCTAssertEqual(processes(naming: spec), [], "workers left running")
    }

    /// The processes whose command line names `path` (a spec's workers), by id.
    private func processes(naming path: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let id = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(path) ? id : nil
        }
    }

    /// A sweep killed with SIGKILL (which it cannot catch to end its workers) takes its workers with it, even in a
    /// long case: each sees the pipe its cases come on hang up and its parent change (they ran on, orphaned).
    func testWorkersEndWhenTheSweepIsKilled() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, "return {grid = {k = {1, 2, 3}}, run = function() local t = fl.clock() + 60 while fl.clock() < t do end return {} end}")
        let sweep = Process()
        sweep.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        sweep.arguments = ["sweep", "--jobs", "2", "--out", folder.appendingPathComponent("r.jsonl").path, spec]
        sweep.standardError = FileHandle.nullDevice
        try sweep.run()
        let start = Date()
        while processes(naming: spec).count < 3 && Date().timeIntervalSince(start) < 20 { usleep(20_000) }
        let workers = processes(naming: spec).filter { $0 != sweep.processIdentifier }
        XCTAssertEqual(workers.count, 2, "the workers did not start")
        kill(sweep.processIdentifier, SIGKILL)
        sweep.waitUntilExit()
        let killed = Date()
        while !processes(naming: spec).isEmpty && Date().timeIntervalSince(killed) < 5 { usleep(20_000) }
        let left = processes(naming: spec)
        XCTAssertEqual(left, [], "workers left running")
        left.forEach { kill($0, SIGKILL) }
    }

    /// After the spec, one of sweep's own options is refused (taken as the spec's argument, `--out` sent the records
    /// to the default file unsaid); `--` before the spec passes everything after it on, to the workers too, and
    /// other arguments after the spec are the spec's.
    func testSweepsOwnOptionsAfterTheSpecAreRefusedUnlessAfterDoubleDash() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let spec = try makeSpec(folder, "local given = table.concat({...}, ' ')\nreturn {run = function() return {given = given} end}")
        let out = folder.appendingPathComponent("r.jsonl").path
        let refused = try ForcelabProcess.run(["sweep", spec, "--out", out, "--jobs", "2"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("forcelab sweep: '--out' after the spec is forcelab sweep's own option: give it before the spec,"
                                               + " or '--' before the spec to pass it on\nusage: forcelab sweep"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("spec.jsonl").path))
        let passed = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", out, "--", spec, "--out", "x", "--size", "3"], in: folder)
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(Array(figures(out).values), [#"{"given":"--out x --size 3"}"#])
        try FileManager.default.removeItem(atPath: out)
        let others = try ForcelabProcess.run(["sweep", "--out", out, spec, "small", "--size", "3"], in: folder)
        XCTAssertEqual(others.status, 0, others.stderr)
        XCTAssertEqual(Array(figures(out).values), [#"{"given":"small --size 3"}"#])
    }
}
