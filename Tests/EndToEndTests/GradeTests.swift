import Foundation
import XCTest

/// `forcelab grade`: every exercise's model solution passes, a force that does nothing fails with figures and hints,
/// a failing or hostile submission is reported and contained, and usage mistakes are refused.
final class GradeTests: XCTestCase {
    private static let exercises = ForcelabProcess.packageRoot.appendingPathComponent("examples/exercises")

    /// The exercises: every `NAME.lua` in examples/exercises that is not a model solution.
    private func exerciseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.exercises.path)
            .filter { $0.hasSuffix(".lua") && !$0.hasSuffix(".solution.lua") }
            .map { String($0.dropLast(4)) }.sorted()
    }

    private func exercise(_ name: String) -> String { Self.exercises.appendingPathComponent("\(name).lua").path }

    /// Writes `code` as `folder/name` and returns its path.
    private func submission(_ code: String, in folder: URL, name: String = "submission.lua") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try code.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `forcelab grade arguments...` in `folder`.
    private func grade(_ arguments: [String], in folder: URL) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(["grade"] + arguments, in: folder)
    }

    /// Grades each case's code as `submission.lua` against the exercise `name` and asserts that it fails with status 1
    /// and says `prefix` followed by the case's message.
    private func assertFails(_ cases: [(code: String, message: String)], exercise name: String, saying prefix: String, in folder: URL) throws {
        for (code, message) in cases {
            let result = try grade([exercise(name), try submission(code, in: folder)], in: folder)
            XCTAssertEqual(result.status, 1, code + "\n" + result.stderr)
            XCTAssertTrue(result.stderr.contains(prefix + message), result.stderr)
        }
    }

    func testEveryModelSolutionPassesEveryCheck() throws {
        let names = try exerciseNames()
        XCTAssertGreaterThanOrEqual(names.count, 3, "examples/exercises holds at least three exercises")
        let folder = try ForcelabProcess.temporaryFolder(self)
        for name in names {
            let solution = Self.exercises.appendingPathComponent("\(name).solution.lua").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: solution), "\(name) has a model solution")
            let result = try grade([exercise(name), solution], in: folder)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stdout)\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.first?.hasPrefix("exercise: ") ?? false, result.stdout)
            let checks = lines.dropFirst(2).dropLast()
            XCTAssertGreaterThanOrEqual(checks.count, 2, "\(name): \(result.stdout)")
            XCTAssertTrue(checks.allSatisfy { $0.hasSuffix(" pass") }, "\(name): \(result.stdout)")
            XCTAssertTrue(lines.last == "all \(checks.count) checks pass" || lines.last?.hasPrefix("all \(checks.count) checks pass, ") == true,
                          "\(name): \(result.stdout)")
        }
    }

    func testTheModuleIsTheGlobalFlAsInScripts() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("tune.solution.lua"), encoding: .utf8)
        XCTAssertTrue(solution.contains("forcelab.force."), solution)
        let typed = try submission(solution.replacingOccurrences(of: "forcelab.force.", with: "fl.force."), in: folder, name: "typed.lua")
        let result = try grade([exercise("tune"), typed], in: folder)
        XCTAssertEqual(result.status, 0, "fl is a global in a submission, as in scripts and at the prompt: \(result.stderr)")
    }

    func testTheExercisesGlobalsAreNotTheSubmissions() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let exercise = try submission("""
            function pull(alpha, nodes) for _, n in ipairs(nodes) do n.vx = n.vx - n.x * 0.1 * alpha end end
            print = nil
            return {title = "Pull", graphs = {{generate = "grid", rows = 3, columns = 3}}, reference = pull,
                    forces = function(sim) sim:force("other", function() helper = pull end) end,
                    checks = {{kind = "positions", tolerance = 1e-6}}}
            """, in: folder, name: "pull.lua")
        let student = folder.appendingPathComponent("student")
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        let cheat = try submission("print('print is there')\nreturn pull or helper\n", in: student, name: "cheat.lua")
        let result = try grade([exercise, cheat], in: folder)
        XCTAssertEqual(result.status, 1, "a global function of the exercise cannot be returned as the answer: \(result.stdout)")
        XCTAssertTrue(result.stderr.contains("must return the force: a function(alpha, nodes) or a table"), result.stderr)
        XCTAssertTrue(result.stderr.contains("it returned nil"), result.stderr)
        XCTAssertTrue(result.stdout.contains("print is there\n"), "the exercise's assignments stay its own: \(result.stdout)")
    }

    func testASubmissionRequiresItsOwnModulesFromItsFolder() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let student = folder.appendingPathComponent("student")
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        _ = try submission(solution, in: student, name: "ring.lua")
        let main = try submission("return require 'ring'\n", in: student, name: "main.lua")
        let result = try grade([exercise("radial"), main], in: folder)
        XCTAssertEqual(result.status, 0, "graded from the folder above, the submission's module is found beside it: \(result.stderr)")
        // Grading is sandboxed as --sandbox is, which implies -E: LUA_PATH does not lead require elsewhere, even to a
        // folder the submission may read.
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        _ = try submission(solution, in: shared, name: "elsewhere.lua")
        let other = try submission("return require 'elsewhere'\n", in: student, name: "other.lua")
        let pathed = try ForcelabProcess.run(["grade", "--allow-read", shared.path, exercise("radial"), other], in: folder,
                                             environment: ["LUA_PATH": shared.path + "/?.lua"])
        XCTAssertEqual(pathed.status, 1, pathed.stdout + pathed.stderr)
        XCTAssertTrue(pathed.stderr.contains("module 'elsewhere' not found"), pathed.stderr)
    }

    func testAForceThatDoesNothingFailsSayingWhereAndHintingWhatToLookAt() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let idle = try submission("return function(alpha, nodes) end\n", in: folder)
        let idleSetup = try submission("return {setup = function(sim) end}\n", in: folder, name: "setup.lua")
        var positionChecks = 0
        for name in try exerciseNames() {
            let asksForSetup = try String(contentsOfFile: exercise(name), encoding: .utf8).contains("reference = {\n    setup = ")
            let result = try grade([exercise(name), asksForSetup ? idleSetup : idle], in: folder)
            XCTAssertEqual(result.status, 1, "\(name): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(result.stdout.contains(" fail ("), "\(name): a failing line gives the figures: \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("\n  hint: "), "\(name): \(result.stdout)")
            XCTAssertTrue(result.stdout.range(of: #"\n\d of \d checks? fail(, [\d.]+ of [\d.]+ points)?\n$"#, options: .regularExpression) != nil, result.stdout)
            guard let failure = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("positions: ") }) else { continue }
            positionChecks += 1
            XCTAssertTrue(failure.contains(" > 1e-06 fail (node '"), "\(name): \(failure)")
            XCTAssertTrue(failure.contains(", the reference at ("), "\(name): \(failure)")
            XCTAssertTrue(failure.contains("; first off at tick 1, by "), "\(name): \(failure)")
            let deviation = try XCTUnwrap(Double(failure.split(separator: " ")[3]), String(failure))
            XCTAssertGreaterThan(deviation, 1, "\(name): doing nothing is far from the reference")
        }
        XCTAssertGreaterThanOrEqual(positionChecks, 3, "at least three exercises compare positions")
    }

    func testAClassIsGradedEachSubmissionInARunOfItsOwnWithAReportAndASummary() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        // Each student's file in a folder of its own, all of one name: the folders name the reports.
        for (student, code) in [("ann", solution), ("ben", "return function(alpha, nodes) end\n"),
                                ("cat", "return function(alpha, nodes) error('oops') end\n"), ("dan", solution)] {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            paths.append(try submission(code, in: own, name: "radial.lua"))
        }
        let result = try grade(["--jobs", "2", "--out", "graded", exercise("radial")] + paths, in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, result.stdout)
        XCTAssertEqual(lines.first, "grading 4 submissions of \(exercise("radial")), 2 at a time; reports in graded/NAME.txt")
        // One line each, in the order given, whichever finished first.
        XCTAssertTrue(lines[1].hasPrefix("ann  pass     all ") && lines[1].hasSuffix(" checks pass"), result.stdout)
        XCTAssertTrue(lines[2].hasPrefix("ben  fail     ") && lines[2].hasSuffix(" checks fail"), result.stdout)
        XCTAssertTrue(lines[3].hasPrefix("cat  fail     the submission failed on ") && lines[3].contains("oops"), result.stdout)
        XCTAssertTrue(lines[4].hasPrefix("dan  pass     all "), result.stdout)
        XCTAssertEqual(lines[5], "4 of 4 graded: 2 pass, 2 fail, 0 stopped by a limit; the table is graded/summary.csv")
        // Each report is what grading the submission alone prints, between two lines of the verdict.
        for (index, student) in ["ann", "ben", "cat"].enumerated() {
            let alone = try grade(["--out", "alone", exercise("radial"), paths[index]], in: folder)
            let report = try String(contentsOf: folder.appendingPathComponent("graded/\(student).txt"), encoding: .utf8)
            let verdict = "forcelab grade: \(student): " + lines[index + 1].dropFirst(5).replacingOccurrences(of: #"^(\w+) +"#, with: "$1, ", options: .regularExpression) + "\n"
            XCTAssertEqual(report, verdict + "\n" + alone.stdout + alone.stderr + "\n" + verdict, student)
        }
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        let rows = summary.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "name,submission,status,result,verdict,attempts,score,max_score,check: positions,check: centroid,report")
        XCTAssertEqual(rows.count, 5, summary)
        XCTAssertTrue(rows[2].hasPrefix("ben,\(paths[1]),1,fail,") && rows[2].hasSuffix(" checks fail,0,1,2,0,1,ben.txt"), summary)
        XCTAssertTrue(rows[3].hasPrefix("cat,\(paths[2]),1,fail,") && rows[3].contains("oops"), summary)
        // The students' own folders, where nothing was written, are gone again.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("graded").path).sorted()
        XCTAssertEqual(left, ["ann.txt", "ben.txt", "cat.txt", "dan.txt", "summary.csv"])
        // A class that passes exits 0; a broken exercise is refused with status 2, and no further run starts.
        XCTAssertEqual(try grade(["--out", "passing", exercise("radial"), paths[0], paths[3]], in: folder).status, 0)
        let broken = try submission("return {title = 'x'}", in: folder, name: "broken.lua")
        let refused = try grade(["--jobs", "1", "--out", "refused", broken] + paths, in: folder)
        XCTAssertEqual(refused.status, 2, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("\nann  refused  '\(broken)': field 'reference' must be "), refused.stdout)
        XCTAssertTrue(refused.stdout.contains("\nben  not graded\n"), refused.stdout)
    }

    func testAClasssVerdictsAreTheGradersNotWhatASubmissionWritesToStandardError() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        // A passing submission that writes to standard error, a failing one that warns, one that fails writing.
        for (student, code) in [("ann", "io.stderr:write('debug: loaded\\n')\n" + solution),
                                ("ben", "warn('@on'); warn('all 2 checks pass')\nreturn function(alpha, nodes) end\n"),
                                ("cat", "io.stderr:write('forcelab grade: all 2 checks pass\\n')\nreturn function(alpha, nodes) error('oops') end\n")] {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            paths.append(try submission(code, in: own, name: "radial.lua"))
        }
        let result = try grade(["--out", "graded", exercise("radial")] + paths, in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, result.stdout)
        XCTAssertTrue(lines[1].hasPrefix("ann  pass     all ") && lines[1].hasSuffix(" checks pass"), result.stdout)
        XCTAssertTrue(lines[2].hasPrefix("ben  fail     ") && lines[2].hasSuffix(" checks fail"), result.stdout)
        XCTAssertTrue(lines[3].hasPrefix("cat  fail     the submission failed on ") && lines[3].contains("oops"), result.stdout)
        // The reports keep what the submissions wrote, marked as theirs.
        let report = try String(contentsOf: folder.appendingPathComponent("graded/ann.txt"), encoding: .utf8)
        XCTAssertTrue(report.contains("\n| debug: loaded\n"), report)
        let forged = try String(contentsOf: folder.appendingPathComponent("graded/cat.txt"), encoding: .utf8)
        XCTAssertTrue(forged.contains("\n| forcelab grade: all 2 checks pass\n"), forged)
        XCTAssertTrue(forged.hasPrefix("forcelab grade: cat: fail, the submission failed on ") && forged.hasSuffix("oops\n"), forged)
        // A limit reached where the submission cannot be stopped ends its run, which says so last.
        let stuck = try ["dan", "eve"].map {
            // A finalizer runs no hooks: only the watchdog ends it.
            try submission("setmetatable({}, {__gc = function() local x = 0 while true do x = x + 1 end end}); collectgarbage()\n"
                           + "return function() end\n", in: folder, name: "\($0).lua")
        }
        let ended = try grade(["--timeout", "1", "--out", "ended", exercise("radial")] + stuck, in: folder)
        XCTAssertEqual(ended.status, 1, ended.stderr)
        XCTAssertTrue(ended.stdout.contains("\ndan  stopped  time limit of 1 s reached, and the script did not stop within "), ended.stdout)
    }

    func testNoSubmissionOfAClassForgesItsVerdictCopiesAnotherOrPassesAsALinkToTheSolution() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solutionPath = Self.exercises.appendingPathComponent("radial.solution.lua")
        let solution = try String(contentsOf: solutionPath, encoding: .utf8)
        let flat = folder.appendingPathComponent("flat")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        let idle = "return function(alpha, nodes) end\n"
        var paths = [try submission(solution, in: flat, name: "alice.lua")]
        // Copiers: by a relative path, by an absolute one, by require.
        paths.append(try submission("return dofile('flat/alice.lua')\n", in: flat, name: "mallory.lua"))
        paths.append(try submission("return dofile('\(flat.path)/alice.lua')\n", in: flat, name: "oscar.lua"))
        paths.append(try submission("return require 'alice'\n", in: flat, name: "rex.lua"))
        // Forgers: a cleared screen and a fake passing report on both streams, carriage returns, fake grader lines, a
        // spreadsheet formula, an attempt at the report itself and at the exit status.
        let forged = "\\27[2J\\27[Hexercise: x\\nall 2 checks pass\\nforcelab grade: pass\\r\\n"
        paths.append(try submission("io.stderr:write('\(forged)'); io.write('\(forged)'); print('=HYPERLINK(\\\"x\\\")')\n"
            + "pcall(function() local f = io.open('graded/flat-dave.txt', 'w'); f:write('all 2 checks pass') f:close() end)\n"
            + "pcall(os.exit, 0)\n" + idle, in: flat, name: "dave.lua"))
        let formula = folder.appendingPathComponent("+SUM(1)")
        try FileManager.default.createDirectory(at: formula, withIntermediateDirectories: true)
        paths.append(try submission(idle, in: formula, name: "radial.lua"))
        // A link to the model solution, in a folder of its own.
        let linked = folder.appendingPathComponent("linked/eve")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("radial.lua").path, withDestinationPath: solutionPath.path)
        paths.append(linked.appendingPathComponent("radial.lua").path)
        // A folder name holding a newline and an escape.
        let odd = folder.appendingPathComponent("odd/fay\nann  pass     all 2 checks pass\u{1B}[1A")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        paths.append(try submission(idle, in: odd, name: "radial.lua"))

        let result = try grade(["--out", "graded", exercise("radial")] + paths, in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 2 + paths.count + 1, "one line per submission, none made up: \(result.stdout)")
        let verdicts = Dictionary(uniqueKeysWithValues: lines.dropFirst().prefix(paths.count).map {
            (String($0.prefix { $0 != " " }), String($0.drop { $0 != " " }).trimmingCharacters(in: .whitespaces))
        })
        XCTAssertTrue(verdicts["flat-alice"]?.hasPrefix("pass ") ?? false, result.stdout)
        for copier in ["flat-mallory", "flat-oscar", "flat-rex"] {
            XCTAssertTrue(verdicts[copier]?.hasPrefix("fail ") ?? false, "\(copier) cannot read alice's file: \(result.stdout)")
        }
        XCTAssertTrue(verdicts["flat-mallory"]?.contains("cannot read 'flat/alice.lua': the sandbox reads only under") ?? false, result.stdout)
        // Its tries at the report (a file outside its --out) and at os.exit, once per graph, are flagged.
        XCTAssertEqual(verdicts["flat-dave"], "fail     1 of 2 checks fail  [! 3 attempts at what the sandbox refuses]", result.stdout)
        XCTAssertTrue(verdicts["eve"]?.hasPrefix("fail     the submission '\(paths[6])' is a symbolic link") ?? false, result.stdout)
        XCTAssertTrue(result.stdout.contains("\nfay\\nann  pass     all 2 checks pass\\x1B[1A  fail     1 of 2 checks fail\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape reaches the terminal")
        // dave's report: the verdict first and last, everything dave wrote marked as his and escaped.
        let report = try String(contentsOf: folder.appendingPathComponent("graded/flat-dave.txt"), encoding: .utf8)
        XCTAssertTrue(report.hasPrefix("forcelab grade: flat-dave: fail, 1 of 2 checks fail\n"), report)
        XCTAssertTrue(report.hasSuffix("\nforcelab grade: flat-dave: fail, 1 of 2 checks fail\n"), report)
        XCTAssertFalse(report.contains("\u{1B}") || report.contains("\r"), report)
        for line in report.split(separator: "\n") where line.contains("checks pass") || line.contains("HYPERLINK") {
            XCTAssertTrue(line.hasPrefix("| "), "a line the submission wrote is marked as its own: \(line)")
        }
        XCTAssertTrue(report.contains("| \\x1B[2J\\x1B[Hexercise: x\n| all 2 checks pass\n| forcelab grade: pass\\r\n"), report)
        // No cell of the summary starts a formula.
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        for cell in summary.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
            XCTAssertFalse(cell.hasPrefix("=") || cell.hasPrefix("+") || cell.hasPrefix("@"), "\(cell) in \(summary)")
        }
        XCTAssertTrue(summary.contains("\n'+SUM(1),"), summary)
        // Alone, a link to the solution is refused too.
        let alone = try grade(["--out", "alone", exercise("radial"), paths[6]], in: folder)
        XCTAssertEqual(alone.status, 1, alone.stdout)
        XCTAssertTrue(alone.stderr.contains("is a symbolic link (to '\(solutionPath.path)')"), alone.stderr)
    }

    func testWhatASubmissionTriesThatTheSandboxRefusesIsCountedListedAndFlagged() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        // Tries caught by pcall, which without the count would look like an honest submission's.
        let hostile = "pcall(os.execute, 'ls'); pcall(function() return io.popen('ls') end)\n"
            + "pcall(function() return debug.getinfo(1) end); pcall(function() return ('x'):dump() end)\n"
            + "pcall(io.open, '/etc/passwd'); pcall(setmetatable, os, nil); pcall(os.execute, 'ls')\n"
            + "pcall(load, '\\27Lua binary'); pcall(load, 'return 1', 'x', 'b')\n"
        for (student, code) in [("ann", hostile + solution), ("ben", solution)] {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            paths.append(try submission(code, in: own, name: "radial.lua"))
        }
        let result = try grade(["--out", "graded", exercise("radial")] + paths, in: folder)
        XCTAssertEqual(result.status, 0, "the tries do not change the checks: \(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The chunk runs once per graph (2): 2 x (execute 2, popen, debug, dump, 2 binary chunks) + 1 refused file = 15.
        XCTAssertEqual(lines[1], "ann  pass     all 2 checks pass  [! 15 attempts at what the sandbox refuses]", result.stdout)
        XCTAssertEqual(lines[2], "ben  pass     all 2 checks pass", result.stdout)
        let report = try String(contentsOf: folder.appendingPathComponent("graded/ann.txt"), encoding: .utf8)
        XCTAssertTrue(report.contains("\nthe submission tried what the sandbox removes: debug (2 times), io.popen (2 times), "
                                      + "loading a binary chunk (4 times), os.execute (4 times), string.dump (2 times)\n"), report)
        // The refusal names the student's own folder, not the grader's private copy of it.
        let own = URL(fileURLWithPath: paths[0]).deletingLastPathComponent().path
        let out = folder.appendingPathComponent("graded/ann").resolvingSymlinksInPath().path
        XCTAssertTrue(report.contains("\n  cannot read '/etc/passwd': the sandbox reads only under '\(own)' (the submission's folder), '\(out)' (--out)\n"), report)
        XCTAssertFalse(report.contains("forcelab-grade-"), report)
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        XCTAssertEqual(summary.split(separator: "\n").first, "name,submission,status,result,verdict,attempts,score,max_score,check: positions,check: centroid,report")
        XCTAssertTrue(summary.contains(",all 2 checks pass,15,2,2,1,1,ann.txt\n") && summary.contains(",all 2 checks pass,0,2,2,1,1,ben.txt\n"), summary)
    }

    func testChecksWrittenInLuaJudgeInTheGradersOwnStateWithPartialScores() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let radial = try String(contentsOf: URL(fileURLWithPath: exercise("radial")), encoding: .utf8)
        /// The radial exercise with a Lua check (`body` judges one graph's layouts) before its own two.
        func withLuaCheck(_ body: String) throws -> String {
            let text = radial.replacingOccurrences(of: "  checks = {\n", with: "  checks = {\n    {kind = 'lua', name = 'near the ring', points = 2, check = \(body)},\n")
            XCTAssertNotEqual(text, radial)
            return try submission(text, in: folder, name: "exercise.lua")
        }
        let ring = """
            function(submission, reference)
              local inside = 0
              for _, node in ipairs(submission.nodes) do
                if math.abs(math.sqrt(node.x ^ 2 + node.y ^ 2) - 120) <= 30 then inside = inside + 1 end
              end
              return inside == #submission.nodes, string.format('%d of %d within 30 of the ring, stress %.3g (the reference: %.3g)',
                inside, #submission.nodes, submission.figures.stress, reference.figures.stress), inside / #submission.nodes
            end
            """
        let ringExercise = try withLuaCheck(ring)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        let own = folder.appendingPathComponent("s")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let right = try grade([ringExercise, try submission(solution, in: own, name: "right.lua")], in: folder)
        XCTAssertEqual(right.status, 0, right.stdout + right.stderr)
        XCTAssertTrue(right.stdout.contains("\nnear the ring: graph 1 (grid): 25 of 25 within 30 of the ring, stress 0.39 (the reference: 0.39); "
                                            + "graph 2 (tree): 31 of 31 within 30 of the ring, stress 0.474 (the reference: 0.474) pass\n"), right.stdout)
        XCTAssertTrue(right.stdout.hasSuffix("\nall 3 checks pass, 4 of 4 points\n"), right.stdout)
        // A force that does nothing: 6 of 25 and 6 of 31 nodes near the ring give 2 x (6/25 + 6/31) / 2 of its 2 points.
        let idle = try grade([ringExercise, try submission("return function(alpha, nodes) end\n", in: own, name: "idle.lua")], in: folder)
        XCTAssertEqual(idle.status, 1)
        let idleLine = "near the ring: graph 1 (grid): 6 of 25 within 30 of the ring, stress 0.405 (the reference: 0.39); "
            + "graph 2 (tree): 6 of 31 within 30 of the ring, stress 0.433 (the reference: 0.474) fail\n"
        XCTAssertTrue(idle.stdout.contains("\n" + idleLine), idle.stdout)
        XCTAssertTrue(idle.stdout.hasSuffix("\n2 of 3 checks fail, 1.434 of 4 points\n"), idle.stdout)
        // The checks run in the grader's own state: a submission that replaces the functions they call and looks for
        // them is judged exactly as the idle one.
        let meddling = """
            math.abs = function() return 0 end; math.sqrt = function() return 120 end
            ipairs = function() return function() end end; string.format = function() return 'all pass' end
            for name, module in pairs(package.loaded) do if type(module) == 'table' then module.check = nil end end
            return function(alpha, nodes) end
            """
        let meddled = try grade([ringExercise, try submission(meddling, in: own, name: "meddling.lua")], in: folder)
        XCTAssertEqual(meddled.status, 1)
        XCTAssertTrue(meddled.stdout.contains("\n" + idleLine), meddled.stdout)
        // A check's mistakes are the exercise's (status 2), named: writing to its layouts, a wrong result, an error.
        let mistakes: [(String, String)] = [
            ("function(s) s.nodes[1].x = 0; return true end", "the check 'near the ring' (checks[1]) on graph 1 (grid) failed: "),
            ("function(s) s.ticks = 1; return true end", "the layouts a check receives are read-only (tried to set 'ticks')"),
            ("function() return 'yes' end", "the check 'near the ring' (checks[1]) on graph 1 (grid) must return passed (a boolean), a message and a score; it returned string"),
            ("function() return true, 'fine', 2 end", "its score must be a number from 0 to 1, got 2"),
            ("function() return nil + 1 end", "attempt to perform arithmetic on a nil value"),
        ]
        for (body, message) in mistakes {
            let result = try grade([try withLuaCheck(body), try submission(solution, in: own, name: "right.lua")], in: folder)
            XCTAssertEqual(result.status, 2, body + "\n" + result.stdout + result.stderr)
            XCTAssertTrue(result.stderr.contains(message), body + "\n" + result.stderr)
        }
        // A check that loops for ever is stopped by the instruction limit.
        let looping = try grade(["--max-instructions", "1000000", try withLuaCheck("function() while true do end end"),
                                 try submission(solution, in: own, name: "right.lua")], in: folder)
        XCTAssertEqual(looping.status, 3, looping.stderr)
        XCTAssertTrue(looping.stderr.contains("the check 'near the ring' (checks[1]) on graph 1 (grid) reached a limit: instruction limit"), looping.stderr)
    }

    func testAnExerciseGradesAgainstItsRecordedReferenceAsAgainstTheCode() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solutions = folder.appendingPathComponent("solutions")
        try FileManager.default.createDirectory(at: solutions, withIntermediateDirectories: true)
        for name in ["clusters", "radial"] {
            let teacher = folder.appendingPathComponent("\(name)/teacher"), student = folder.appendingPathComponent("\(name)/student")
            for place in [teacher, student] { try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true) }
            let code = try String(contentsOf: URL(fileURLWithPath: exercise(name)), encoding: .utf8)
                .replacingOccurrences(of: "  checks = {\n", with: "  recorded = \"\(name).reference.json\",\n  checks = {\n")
            let teachers = try submission(code, in: teacher, name: "\(name).lua")
            let recorded = try grade(["--record", teachers], in: folder)
            XCTAssertEqual(recorded.status, 0, recorded.stderr)
            XCTAssertTrue(recorded.stdout.hasSuffix("recorded the reference's layouts of 2 graphs, \(name == "radial" ? 120 : 150) ticks each, in "
                                                    + teacher.appendingPathComponent("\(name).reference.json").path + "\n"), recorded.stdout)
            // The students' copy: the exercise without its reference, beside the recording.
            let start = try XCTUnwrap(code.range(of: "  reference = ")).lowerBound, end = try XCTUnwrap(code.range(of: "  recorded = ")).lowerBound
            let students = try submission(String(code[..<start] + code[end...]), in: student, name: "\(name).lua")
            XCTAssertFalse(try String(contentsOfFile: students, encoding: .utf8).contains("reference ="))
            try FileManager.default.copyItem(at: teacher.appendingPathComponent("\(name).reference.json"), to: student.appendingPathComponent("\(name).reference.json"))
            let model = try String(contentsOf: Self.exercises.appendingPathComponent("\(name).solution.lua"), encoding: .utf8)
            let submissions = [
                model, "return function(alpha, nodes) end\n", model.replacingOccurrences(of: "0.1", with: "0.12").replacingOccurrences(of: "0.15", with: "0.2"),
                "return function(alpha, nodes) error('not yet') end\n", "return function(nodes, alpha) for _, n in ipairs(nodes) do end end\n",
            ]
            for (index, code) in submissions.enumerated() {
                let path = try submission(code, in: solutions, name: "\(name)\(index).lua")
                let byCode = try grade([teachers, path], in: folder), byRecording = try grade([students, path], in: folder)
                XCTAssertEqual(byCode.status, byRecording.status, "\(name) \(index)")
                XCTAssertEqual(byCode.stdout.replacingOccurrences(of: "/teacher/", with: "/student/"), byRecording.stdout, "\(name) \(index)")
                XCTAssertEqual(byCode.stderr, byRecording.stderr, "\(name) \(index)")
            }
            XCTAssertEqual(try grade([students, try submission(model, in: solutions, name: "model.lua")], in: folder).status, 0)
        }
        // A recording of another version of the exercise, a missing one and --record misused are refused (status 2).
        let student = folder.appendingPathComponent("radial/student/radial.lua")
        let noReference = try grade(["--record", student.path], in: folder)
        XCTAssertEqual(noReference.status, 2)
        XCTAssertTrue(noReference.stderr.contains("--record needs the exercise's reference and a field 'recorded'"), noReference.stderr)
        let changed = try String(contentsOf: student, encoding: .utf8).replacingOccurrences(of: "ticks = 120", with: "ticks = 100")
        try changed.write(to: student, atomically: true, encoding: .utf8)
        let idle = try submission("return function() end\n", in: solutions, name: "idle.lua")
        let stale = try grade([student.path, idle], in: folder)
        XCTAssertEqual(stale.status, 2)
        XCTAssertTrue(stale.stderr.contains("records another exercise or another version of this one"), stale.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("radial/student/radial.reference.json"))
        let missing = try grade([student.path, idle], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read the reference recording '"), missing.stderr)
        let withSubmission = try grade(["--record", student.path, idle], in: folder)
        XCTAssertEqual(withSubmission.status, 2)
        XCTAssertTrue(withSubmission.stderr.contains("'--record' records the exercise's reference: give the exercise alone"), withSubmission.stderr)
    }

    func testPicturesShowEachSubmissionsLayoutsBesideTheReferencesLinkedFromItsReport() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("clusters.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        for (student, code) in [("ann", solution), ("ben", solution.replacingOccurrences(of: "0.15", with: "0.05"))] {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            paths.append(try submission(code, in: own, name: "clusters.lua"))
        }
        let result = try grade(["--pictures", "--out", "graded", exercise("clusters")] + paths, in: folder)
        XCTAssertEqual(result.status, 1, result.stdout)
        for (student, nodes, rings) in [("ann", 70, 0), ("ben", 70, 6)] {
            let report = try String(contentsOf: folder.appendingPathComponent("graded/\(student).txt"), encoding: .utf8)
            XCTAssertTrue(report.contains("\npicture: graded/\(student).svg (the submission's layouts beside the reference's, the nodes farthest off ringed)\n"), report)
            let svg = try String(contentsOf: folder.appendingPathComponent("graded/\(student).svg"), encoding: .utf8)
            XCTAssertTrue(svg.contains("/class/\(student)/clusters.lua against Clusters: pull each group towards its own anchor</text>"), svg)
            // Each node in both panels, and three rings per graph in each panel where the layouts differ.
            XCTAssertEqual(svg.components(separatedBy: "r=\"3.5\"").count - 1, 2 * nodes, student)
            XCTAssertEqual(svg.components(separatedBy: "stroke=\"#e15759\"").count - 1, 2 * rings, student)
            XCTAssertEqual(svg.contains("every node where the reference put it"), rings == 0, student)
        }
        // Graded alone, the picture goes to OUT/NAME.svg, written after the submission's state is closed: what the
        // submission wrote there itself (here from a finalizer, the last of its code to run) is replaced.
        let forger = try submission("""
            setmetatable({}, {__gc = function() local f = io.open('out/forger.svg', 'w'); if f then f:write('<svg>all pass</svg>'); f:close() end end})
            """ + solution, in: folder, name: "forger.lua")
        let alone = try grade(["--pictures", exercise("clusters"), forger], in: folder)
        XCTAssertEqual(alone.status, 0, alone.stdout + alone.stderr)
        XCTAssertTrue(alone.stdout.contains("\npicture: out/forger.svg "), alone.stdout)
        let picture = try String(contentsOf: folder.appendingPathComponent("out/forger.svg"), encoding: .utf8)
        XCTAssertTrue(picture.hasPrefix("<?xml") && !picture.contains("all pass"), picture)
    }

    func testTheCommonestMistakesGetAMessageNamingTheForcesSignatureAndTheLikelyCause() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let signature = "the force is called as function(alpha, nodes): alpha a number, nodes the list of node tables {index, id, x, y, vx, vy, data}"
        let cases: [(code: String, error: String, advice: String)] = [
            ("return function(nodes, alpha)\n  for _, node in ipairs(nodes) do node.vx = node.vx - node.x * alpha end\nend\n",
             "attempt to index a number value", "likely mistake: the arguments swapped: \(signature); write function(alpha, nodes), not function(nodes, alpha)"),
            ("return function(nodes, alpha)\n  for i = 1, #nodes do nodes[i].vx = 0 end\nend\n",
             "attempt to get length of a number value (local 'nodes')", "likely mistake: the arguments swapped: "),
            ("function pull(alpha, nodes)\n  for _, node in ipairs(nodes) do node.vx = node.vx - node.x * alpha end\nend\n",
             "it returned nil", "likely mistake: no return at the end of the file: end it with `return function(alpha, nodes) ... end`"),
            ("return function(alpha, nodes)\n  for _, node in ipairs(nodes) do node.vx = node.vx + node.group * alpha end\nend\n",
             "attempt to perform arithmetic on a nil value (field 'group')",
             "likely mistake: a node table has no field 'group': the graph's data fields are in node.data (node.data.group); \(signature)"),
            ("return function(alpha, nodes)\n  for i = 0, #nodes - 1 do nodes[i].vx = 0 end\nend\n",
             "attempt to index a nil value (field '?')", "likely mistake: a node looked up where there is none: nodes is a list from 1 (nodes[node.index + 1] == node)"),
            ("local g = ...\nreturn function(alpha, nodes)\n  for edge in g:edges() do edge.source.vx = edge.source.vx + alpha end\nend\n",
             "attempt to perform arithmetic on a nil value (field 'vx')",
             "likely mistake: an edge's source and target are node ids (strings), not node tables, so `edge.source.vx` is nil"),
            ("return {force = function(alpha, nodes)\n  for _, node in ipairs(nodes) do node.vx = 0 end\nend}\n",
             "attempt to index a nil value", "likely mistake: a table force's force(alpha) gets alpha alone; keep the nodes initialize(nodes) is given"),
        ]
        for (code, error, advice) in cases {
            let result = try grade([exercise("clusters"), try submission(code, in: folder)], in: folder)
            XCTAssertEqual(result.status, 1, code)
            XCTAssertTrue(result.stderr.contains(error), code + "\n" + result.stderr)
            XCTAssertTrue(result.stderr.contains("\n" + advice), code + "\n" + result.stderr)
        }
        // An error that is none of them gets no guess.
        let other = try grade([exercise("clusters"), try submission("return function() error('mine') end\n", in: folder)], in: folder)
        XCTAssertEqual(other.status, 1)
        XCTAssertFalse(other.stderr.contains("likely mistake"), other.stderr)
    }

    func testChecksGivePointsToTheSummaryAndToGradescopesResults() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let radial = try String(contentsOf: URL(fileURLWithPath: exercise("radial")), encoding: .utf8)
        let scored = radial.replacingOccurrences(of: "{kind = \"positions\", tolerance = 1e-6,", with: "{kind = \"positions\", tolerance = 1e-6, points = 3,")
            .replacingOccurrences(of: "{kind = \"centroid\", at = {0, 0}, tolerance = 5,", with: "{kind = \"centroid\", at = {0, 0}, tolerance = 5, points = 0.5,")
        XCTAssertNotEqual(scored, radial, "the exercise's checks were found")
        let exerciseFolder = folder.appendingPathComponent("exercise")
        try FileManager.default.createDirectory(at: exerciseFolder, withIntermediateDirectories: true)
        let scoredExercise = try submission(scored, in: exerciseFolder, name: "radial.lua")
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        for (student, code) in [("ann", solution), ("ben", "return function(alpha, nodes) end\n"), ("cat", "return 1\n")] {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            paths.append(try submission(code, in: own, name: "radial.lua"))
        }
        let result = try grade(["--out", "graded", scoredExercise] + paths, in: folder)
        XCTAssertTrue(result.stdout.contains("\nann  pass     all 2 checks pass, 3.5 of 3.5 points\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nben  fail     1 of 2 checks fail, 0.5 of 3.5 points\n"), result.stdout)
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        let rows = summary.split(separator: "\n").map(String.init)
        XCTAssertEqual(rows[0], "name,submission,status,result,verdict,attempts,score,max_score,check: positions,check: centroid,report")
        XCTAssertTrue(rows[1].hasSuffix(",0,3.5,3.5,3,0.5,ann.txt"), rows[1])
        XCTAssertTrue(rows[2].hasSuffix(",0,0.5,3.5,0,0.5,ben.txt"), rows[2])
        XCTAssertTrue(rows[3].hasSuffix(",0,0,3.5,0,0,cat.txt"), "a submission that fails before the checks earns nothing: \(rows[3])")
        // Gradescope's results.json, for one submission, through examples/gradescope/run_autograder.
        let autograder = folder.appendingPathComponent("autograder")
        for sub in ["source", "submission"] {
            try FileManager.default.createDirectory(at: autograder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try scored.write(to: autograder.appendingPathComponent("source/exercise.lua"), atomically: true, encoding: .utf8)
        try "return function(alpha, nodes) end\n".write(to: autograder.appendingPathComponent("submission/force.lua"), atomically: true, encoding: .utf8)
        let script = ForcelabProcess.packageRoot.appendingPathComponent("examples/gradescope/run_autograder").path
        let run = Process()
        run.executableURL = URL(fileURLWithPath: script)
        var environment = ProcessInfo.processInfo.environment
        environment["AUTOGRADER"] = autograder.path
        environment["PATH"] = URL(fileURLWithPath: ForcelabProcess.binary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        run.environment = environment
        run.standardOutput = FileHandle.nullDevice
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0)
        let data = try Data(contentsOf: autograder.appendingPathComponent("results/results.json"))
        let results = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(results["score"] as? Double, 0.5)
        let tests = try XCTUnwrap(results["tests"] as? [[String: Any]])
        XCTAssertEqual(tests.map { $0["name"] as? String }, ["positions", "centroid"])
        XCTAssertEqual(tests.map { $0["max_score"] as? Double }, [3, 0.5])
        XCTAssertEqual(tests.map { $0["status"] as? String }, ["failed", "passed"])
        XCTAssertTrue((tests[0]["output"] as? String ?? "").contains("  hint: "), "\(tests[0])")
        XCTAssertTrue((results["output"] as? String ?? "").hasSuffix("1 of 2 checks fail, 0.5 of 3.5 points\n"), "\(results)")
        // --gradescope is for one submission.
        let two = try grade(["--gradescope", "r.json", scoredExercise] + paths.prefix(2), in: folder)
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("'--gradescope' writes the results of one submission"), two.stderr)
    }

    func testAClassIsGradedToTheEndWhenItsOutputsReaderGoesAway() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        let paths = try ["ann", "ben"].map { try submission(solution, in: folder, name: "\($0).lua") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
        process.currentDirectoryURL = folder
        process.arguments = ["grade", "--jobs", "1", "--out", "graded", exercise("radial")] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // As `| head -1` or a pager quit at once would: nothing reads what it prints.
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "ended by signal \(process.terminationStatus)")
        XCTAssertEqual(process.terminationStatus, 0)
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        XCTAssertEqual(summary.split(separator: "\n").count, 3, summary)
    }

    func testAClasssNamesComeFromTheirFoldersAndFromTheirFilesInAFolderHoldingSeveral() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        var paths: [String] = []
        for (own, file) in [("ann", "radial.lua"), ("ben", "radial.lua"), ("late", "cat.lua"), ("late", "dan.lua")] {
            let place = folder.appendingPathComponent("class/\(own)")
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            paths.append(try submission(solution, in: place, name: file))
        }
        let result = try grade(["--out", "graded", exercise("radial")] + paths, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = result.stdout.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(names, ["ann", "ben", "late-cat", "late-dan"], result.stdout)
        // The teacher is told that those two are graded on their files alone.
        let late = URL(fileURLWithPath: paths[2]).deletingLastPathComponent().path
        XCTAssertEqual(result.stderr, "forcelab grade: note: 2 submissions are in '\(late)': each is graded on a copy of its file "
                       + "alone, and cannot read the others (give each student's files a folder of their own)\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("graded").path).sorted()
        XCTAssertEqual(left, ["ann.txt", "ben.txt", "late-cat.txt", "late-dan.txt", "summary.csv"])
    }

    func testAClasssReportKeepsTheEndsOfWhatASubmissionPrintsWithoutEnd() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("radial.solution.lua"), encoding: .utf8)
        // 8 MB at each load, then the model solution: the report keeps the first and the last MB, the verdict its own.
        let loud = try submission("io.write(('x'):rep(8000000))\n" + solution, in: folder, name: "loud.lua")
        let quiet = try submission(solution, in: folder, name: "quiet.lua")
        let result = try grade(["--out", "graded", exercise("radial"), loud, quiet], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\nloud   pass     all 2 checks pass\n"), result.stdout)
        let report = try String(contentsOf: folder.appendingPathComponent("graded/loud.txt"), encoding: .utf8)
        XCTAssertLessThan(report.utf8.count, 2 * 1_048_576 + 1000)
        XCTAssertTrue(report.hasPrefix("forcelab grade: loud: pass, all 2 checks pass\n\nexercise: "), String(report.prefix(100)))
        let cut = report.split(separator: "\n").first { $0.hasPrefix("[") && $0.contains(" bytes left out here: a report keeps the first and the last 256 kB") }
        let leftOut = cut.flatMap { Int($0.dropFirst().prefix { $0.isNumber }) } ?? 0
        XCTAssert((16_000_000 - 2 * 262_144)..<16_001_000 ~= leftOut, String(describing: cut))
        XCTAssertFalse(report.contains("bytes left out here: a report keeps the first and the last 1 MB"), "the run's report fits whole")
        XCTAssertTrue(report.hasSuffix("all 2 checks pass\n\nforcelab grade: loud: pass, all 2 checks pass\n"), String(report.suffix(100)))
    }

    func testASignalEndsAClasssRunsAtOnce() throws {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let folder = try ForcelabProcess.temporaryFolder(self)
            var paths: [String] = []
            // Each submission notes that it runs, in the folder it may write in, then loops for ever.
            for student in ["ann", "ben"] {
                let own = folder.appendingPathComponent("class/\(student)")
                try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
                paths.append(try submission("""
                    assert(io.open("graded/\(student)/running", "w")):close()
                    while true do end
                    """, in: own, name: "radial.lua"))
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ForcelabProcess.binary)
            process.currentDirectoryURL = folder
            process.arguments = ["grade", "--jobs", "2", "--timeout", "120", "--max-instructions", "1000000000000",
                                 "--out", "graded", exercise("radial")] + paths
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            let marks = ["ann", "ben"].map { folder.appendingPathComponent("graded/\($0)/running").path }
            while !marks.allSatisfy(FileManager.default.fileExists) && Date() < deadline { usleep(20_000) }
            let sent = Date()
            kill(process.processIdentifier, number)
            let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // The runs were ended, not waited for until their two-minute limit.
            XCTAssertLessThan(Date().timeIntervalSince(sent), 20)
            XCTAssertEqual(process.terminationStatus, status, stdout)
            XCTAssertTrue(stdout.contains("\nann  not graded\nben  not graded\n0 of 2 graded: "), stdout)
        }
    }

    /// A class's runs are ended with SIGTERM: none may have it ignored, though the first ones start while the grading
    /// sets up its own handling of the signal (which ignores it a moment).
    func testNoRunOfAClassIgnoresSIGTERM() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let students = ["ann", "ben", "cat", "dan"]
        var paths: [String] = []
        for student in students {
            let own = folder.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            // SigIgn's bit 14 is SIGTERM (15).
            paths.append(try submission("""
                local status = assert(io.open("/proc/self/status")):read("a")
                local ignored = tonumber(status:match("SigIgn:%s*(%x+)"), 16) & (1 << 14) ~= 0
                assert(io.open("graded/\(student)/ignored", "w")):write(tostring(ignored)):close()
                return function(alpha, nodes) end
                """, in: own, name: "radial.lua"))
        }
        for run in 1...3 {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("graded"))
            let result = try grade(["--jobs", "4", "--allow-read", "/proc", "--out", "graded", exercise("radial")] + paths, in: folder)
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            for student in students {
                let noted = try String(contentsOf: folder.appendingPathComponent("graded/\(student)/ignored"), encoding: .utf8)
                XCTAssertEqual(noted, "false", "run \(run): \(student)'s run has SIGTERM ignored")
            }
        }
    }

    func testWithoutASubmissionGradeShowsTheTaskTheChecksAndTheReferenceFigures() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let result = try grade([exercise("spring")], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in ["exercise: Springs: d3's link force (", "Write the link force: every edge is a spring",
                         "graphs: graph 1 (grid), graph 2 (tree), graph 3 (barabasiAlbert); 150 ticks each\nchecks:\n",
                         "  edgeLengthMean: in [40, 70] on every graph\n",
                         "  positions: every node within 1e-06 of where the reference puts it\n",
                         "the reference's figures:\n  graph 1 (grid): stress "] {
            XCTAssertTrue(result.stdout.contains(expected), "\(expected) in \(result.stdout)")
        }
        let figures = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("  graph 1 (grid): ") })
        let mean = try XCTUnwrap(figures.components(separatedBy: "edgeLengthMean ").last?.split(separator: ",").first.flatMap { Double($0) })
        XCTAssertTrue((40...70).contains(mean), "the reference passes its own band: \(figures)")
        // The centroid too, for a centroid check's tolerance: the reference's layouts of centering.lua sit on its point.
        let centering = try grade([exercise("centering")], in: folder)
        XCTAssertTrue(centering.stdout.contains(", centroid (200, 100)\n"), centering.stdout)
    }

    func testAPartlyRightSubmissionPassesOneCheckAndFailsTheOther() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        // Centres on the point by moving the velocities instead of the positions: the centroid comes close, the
        // positions do not follow d3's.
        let path = try submission("""
            return function(alpha, nodes)
              local sx, sy = 0, 0
              for _, n in ipairs(nodes) do sx, sy = sx + n.x, sy + n.y end
              for _, n in ipairs(nodes) do
                n.vx = n.vx - (sx / #nodes - 200) * 0.5
                n.vy = n.vy - (sy / #nodes - 100) * 0.5
              end
            end
            """, in: folder)
        let result = try grade([exercise("centering"), path], in: folder)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("\n1 of 2 checks fail\n"), result.stdout)
    }

    func testTheReportInDocsGradingIsWhatGradePrints() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("examples"), withDestinationURL: Self.exercises.deletingLastPathComponent())
        let solution = try String(contentsOf: Self.exercises.appendingPathComponent("spring.solution.lua"), encoding: .utf8)
        let weighing = "local b = degree[link.source] / (degree[link.source] + degree[link.target])"
        XCTAssertTrue(solution.contains(weighing))
        _ = try submission(solution.replacingOccurrences(of: weighing, with: "local b = 0.5"), in: folder, name: "my-spring.lua")
        let command = "$ forcelab grade examples/exercises/spring.lua my-spring.lua\n"
        let doc = try String(contentsOf: ForcelabProcess.packageRoot.appendingPathComponent("docs/grading.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: command), "docs/grading.md shows the command").upperBound
        let end = try XCTUnwrap(doc.range(of: "```", range: start..<doc.endIndex)).lowerBound
        let result = try grade(["examples/exercises/spring.lua", "my-spring.lua"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, String(doc[start..<end]))
    }

    func testTheOutputFolderIsLeftOnlyWhenSomethingWasWrittenThere() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let solution = Self.exercises.appendingPathComponent("radial.solution.lua").path
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) }
        for arguments in [[exercise("radial"), solution], [exercise("radial")], ["--out", "a/b", exercise("radial"), solution]] {
            let result = try grade(arguments, in: folder)
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            XCTAssertFalse(exists("out") || exists("a"), "\(arguments): grading that writes nothing leaves no folder")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("kept"), withIntermediateDirectories: false)
        XCTAssertEqual(try grade(["--out", "kept", exercise("radial"), solution], in: folder).status, 0)
        XCTAssertTrue(exists("kept"), "a folder that was there before stays")
        let writer = try submission("local f = assert(io.open('out/note.txt', 'w')); f:write('seen'); f:close()\n"
            + String(contentsOfFile: solution, encoding: .utf8), in: folder)
        let wrote = try grade([exercise("radial"), writer], in: folder)
        XCTAssertEqual(wrote.status, 0, wrote.stdout + wrote.stderr)
        XCTAssertEqual(try String(contentsOfFile: folder.appendingPathComponent("out/note.txt").path, encoding: .utf8), "seen")
    }

    func testTheArraysFormOfALuaForceIsGradedToo() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let path = try submission("""
            return {arrays = true, force = function(alpha, x, y, vx, vy, n)
              for i = 1, n do
                local dx, dy = x[i] ~= 0 and x[i] or 1e-6, y[i] ~= 0 and y[i] or 1e-6
                local r = math.sqrt(dx * dx + dy * dy)
                local k = (120 - r) * 0.1 * alpha / r
                vx[i], vy[i] = vx[i] + dx * k, vy[i] + dy * k
              end
            end}
            """, in: folder)
        let result = try grade([exercise("radial"), path], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("positions: max deviation 0 <= 1e-06 pass"), result.stdout)
    }

    func testAForceThatWritesNaNOrSendsNodesToInfinityFails() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let nan = try submission("return function(alpha, nodes)\n  for _, n in ipairs(nodes) do n.vx = 0 / 0 end\nend\n", in: folder)
        let refused = try grade([exercise("charge"), nan], in: folder)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        // The force is added under its file's name (the exercise's name for it is no name the student wrote), so the
        // simulation's own message names it, with the tick at which it wrote the NaN.
        XCTAssertTrue(refused.stderr.contains("the submission failed on graph 1 (grid) at tick 1: Lua force 'submission.lua': node '0': field 'vx' is NaN"), refused.stderr)
        // A file named like one of the exercise's other forces does not replace that force: it is added as the exercise names it.
        let solution = Self.exercises.appendingPathComponent("radial.solution.lua").path
        let named = try submission(String(contentsOfFile: solution, encoding: .utf8), in: folder, name: "charge")
        let passed = try grade([exercise("radial"), named], in: folder)
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
        let namedNaN = try submission("return function(alpha, nodes)\n  for _, n in ipairs(nodes) do n.vx = 0 / 0 end\nend\n", in: folder, name: "charge")
        XCTAssertTrue(try grade([exercise("radial"), namedNaN], in: folder).stderr.contains("at tick 1: Lua force 'ring': node '0'"))
        let far = try submission("return {setup = function(sim) sim:force('x', forcelab.force.x{x = 0, strength = 1e308}) end}\n", in: folder, name: "far.lua")
        let result = try grade([exercise("tune"), far], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("crossings: cannot be measured fail (node 1 has a position that is not a finite number)"), result.stdout)
    }

    func testASubmissionErrorNamesItsFileAndLine() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let broken = try submission("return function(alpha, nodes)\n  for _, n in ipairs(nodes) do\n    n.vx = n.vx + n.speed\n  end\nend\n", in: folder)
        let result = try grade([exercise("radial"), broken], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(broken.hasSuffix("/submission.lua"))
        XCTAssertTrue(result.stderr.contains("the submission failed on graph 1 (grid) at tick 1: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("submission.lua:3: attempt to perform arithmetic on a nil value (field 'speed')"), result.stderr)

        let syntax = try submission("return function(alpha, nodes)\n  for\nend\n", in: folder, name: "syntax.lua")
        let compiled = try grade([exercise("radial"), syntax], in: folder)
        XCTAssertEqual(compiled.status, 1)
        XCTAssertTrue(compiled.stderr.contains("the submission does not compile: "), compiled.stderr)
        XCTAssertTrue(compiled.stderr.contains("syntax.lua:3: <name> expected near 'end'"), compiled.stderr)

        try assertFails([("return {setup = 1}", "setup must be a function(sim), got number"),
                         ("return {setup = false}", "setup must be a function(sim), got boolean"),
                         ("return {setup = function() end, force = function() end}", "give either setup or force, not both")],
                        exercise: "tune", saying: "the submission failed on graph 1 (tree) in its setup: ", in: folder)

        // An exercise that asks for a force cannot be passed with the built-in force added by a setup table.
        let builtin = try submission("return {setup = function(sim) sim:force('ring', forcelab.force.radial{radius = 120, strength = 0.1}) end}\n",
                                     in: folder, name: "builtin.lua")
        let refused = try grade([exercise("radial"), builtin], in: folder)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("must return the force: a function(alpha, nodes) or a table {force = function(alpha), initialize = function(nodes)} for this exercise"), refused.stderr)

        // What is not a force is reported as such before it is added, not as an argument of a call the student never made.
        try assertFails([("return {init = function() end, apply = function() end}",
                          "field 'force': function expected, got nil (the table's functions: apply, init;"),
                         ("return {arrays = 1, force = function() end}", "field 'arrays': boolean expected, got number"),
                         ("return {force = function() end, initialize = 2}", "field 'initialize': function expected, got number"),
                         ("return print", "a C function is not a force")],
                        exercise: "radial", saying: "forcelab grade: the submission failed on graph 1 (grid): what submission.lua returns is not a force: ", in: folder)

        let nothing = try submission("local x = 1\n", in: folder, name: "nothing.lua")
        let returned = try grade([exercise("radial"), nothing], in: folder)
        XCTAssertEqual(returned.status, 1)
        XCTAssertTrue(returned.stderr.contains("must return the force: a function(alpha, nodes) or a table"), returned.stderr)
        XCTAssertTrue(returned.stderr.contains("it returned nil"), returned.stderr)
    }

    func testHostileSubmissionsAreRefusedOrStoppedByALimit() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let marker = folder.appendingPathComponent("escaped").path
        let execute = try submission("os.execute('touch \(marker)')\nreturn function() end\n", in: folder, name: "execute.lua")
        let executed = try grade([exercise("radial"), execute], in: folder)
        XCTAssertEqual(executed.status, 1, executed.stderr)
        XCTAssertTrue(executed.stderr.contains("execute.lua:1: attempt to call a nil value (field 'execute')"), executed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "os.execute ran")

        let cases: [(name: String, code: String, options: [String], status: Int32, message: String)] = [
            ("read.lua", "local f = assert(io.open('/etc/passwd'))\nreturn function() end\n", [], 1,
             "cannot read '/etc/passwd': the sandbox reads only under"),
            ("write.lua", "local f = assert(io.open('\(folder.path)/written.txt', 'w'))\nreturn function() end\n", [], 1,
             "the sandbox writes only under"),
            ("loop.lua", "while true do end\n", ["--max-instructions", "20000000"], 3,
             "the submission reached a limit on graph 1 (grid): instruction limit of 20000000 reached (--max-instructions, 20000000 here)\nin the submission:\n\t\(folder.path)/loop.lua:1: in main chunk"),
            ("slow.lua", "return function(alpha, nodes)\n  while true do end\nend\n", ["--timeout", "1"], 3,
             "the submission reached a limit on graph 1 (grid) at tick 1: time limit of 1 s reached (--timeout, 1 s here)\nin the submission:\n\t\(folder.path)/slow.lua:2: in function <\(folder.path)/slow.lua:1>"),
            ("hog.lua", "local t = {}\nfor i = 1, 1e9 do t[i] = i end\n", ["--max-memory", "64M"], 3, "not enough memory"),
            ("coroutine.lua", "coroutine.wrap(function() while true do end end)()\nreturn function() end\n",
             ["--max-instructions", "20000000"], 3, "instruction limit of 20000000 reached"),
            ("finalizer.lua", "setmetatable({}, {__gc = function() while true do end end})\ncollectgarbage()\nreturn function() end\n",
             ["--timeout", "1"], 3, "time limit of 1 s reached"),
        ]
        for hostile in cases {
            let path = try submission(hostile.code, in: folder, name: hostile.name)
            let result = try grade(hostile.options + [exercise("radial"), path], in: folder)
            XCTAssertEqual(result.status, hostile.status, "\(hostile.name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(hostile.message), "\(hostile.name): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("written.txt").path))

        // A refusal the submission swallows still shows in its report, once however often it was tried.
        let quiet = try submission("for i = 1, 3 do local f = io.open('/etc/passwd') end\nreturn function() end\n", in: folder, name: "quiet.lua")
        let reported = try grade([exercise("radial"), quiet], in: folder)
        XCTAssertEqual(reported.status, 1, reported.stderr)
        XCTAssertTrue(reported.stdout.contains("\nthe sandbox refused the submission 1 file access:\n  cannot read '/etc/passwd': the sandbox reads only under"), reported.stdout)
        XCTAssertTrue(reported.stdout.hasSuffix("\n1 of 2 checks fail\n"), "the verdict stays last: \(reported.stdout)")
        // Refused in a loop, over more paths than are counted: the first few listed, the rest said to be more.
        let looping = try submission("for i = 1, 10010 do io.open('/etc/passwd' .. i) end\nreturn function() end\n", in: folder, name: "looping.lua")
        let counted = try grade([exercise("radial"), looping], in: folder)
        XCTAssertEqual(counted.status, 1, counted.stderr)
        XCTAssertTrue(counted.stdout.contains("\nthe sandbox refused the submission more than 10000 file accesses:\n  cannot read '/etc/passwd1': "), counted.stdout)
        XCTAssertTrue(counted.stdout.contains("\n  cannot read '/etc/passwd5': "), counted.stdout)
        XCTAssertFalse(counted.stdout.contains("'/etc/passwd6'"), counted.stdout)
        XCTAssertTrue(counted.stdout.contains("\n  and more than 9995 more\n"), counted.stdout)
        XCTAssertTrue(executed.stderr.hasSuffix("execute.lua:1: in main chunk\nthe submission tried what the sandbox removes: os.execute (1 time)\n"),
                      "no file refused, the removed function's use reported: \(executed.stderr)")
        let read = try grade([exercise("radial"), folder.appendingPathComponent("read.lua").path], in: folder)
        XCTAssertFalse(read.stderr.contains("the sandbox refused the submission"), "the refusal in the error is not listed again: \(read.stderr)")
        // The files require's search tries by itself are no attempt of the submission's.
        let searched = try submission("pcall(require, 'nowhere')\nreturn function() end\n", in: folder, name: "searched.lua")
        let search = try grade([exercise("radial"), searched], in: folder)
        XCTAssertFalse(search.stdout.contains("the sandbox refused"), search.stdout)
        let two = try submission("pcall(dofile, '/etc/hosts')\nreturn dofile('/etc/passwd')\n", in: folder, name: "two.lua")
        let both = try grade([exercise("radial"), two], in: folder)
        XCTAssertTrue(both.stderr.contains("\nthe sandbox also refused the submission 1 file access:\n  cannot read '/etc/hosts': "), both.stderr)
    }

    func testASubmissionCannotChangeTheGraphOrTheReference() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let grow = try submission("local g = ...\ng:addNode{id = 'extra'}\nreturn function() end\n", in: folder, name: "grow.lua")
        let grown = try grade([exercise("radial"), grow], in: folder)
        XCTAssertEqual(grown.status, 1, grown.stderr)
        XCTAssertTrue(grown.stderr.contains("the submission changed the nodes or edges of graph 1 (grid)"), grown.stderr)
        // The model solution beside the exercise cannot be read; a copy in the submission's folder can.
        let peek = try submission("return dofile('\(Self.exercises.path)/radial.solution.lua')\n", in: folder, name: "peek.lua")
        let peeked = try grade([exercise("radial"), peek], in: folder)
        XCTAssertEqual(peeked.status, 1, peeked.stderr)
        XCTAssertTrue(peeked.stderr.contains("cannot read '\(Self.exercises.path)/radial.solution.lua': the sandbox reads only under"), peeked.stderr)
        // Nor where the submission's folder holds the exercise's (a student grading from the repository's root).
        let course = folder.appendingPathComponent("exercises")
        try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        for name in ["radial.lua", "radial.solution.lua"] {
            try FileManager.default.copyItem(atPath: Self.exercises.appendingPathComponent(name).path, toPath: course.appendingPathComponent(name).path)
        }
        let below = try submission("return dofile('exercises/radial.solution.lua')\n", in: folder, name: "below.lua")
        let refused = try grade([course.appendingPathComponent("radial.lua").path, below], in: folder)
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("cannot read 'exercises/radial.solution.lua': the sandbox does not read under '"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("/exercises' (the exercise's folder, closed to the submission)"), refused.stderr)
        try FileManager.default.copyItem(atPath: Self.exercises.appendingPathComponent("radial.solution.lua").path,
                                         toPath: folder.appendingPathComponent("copy.lua").path)
        // Replacing the forces the exercise uses changes nothing: the reference ran and the graphs were built before.
        let patch = try submission("""
            forcelab.force.radial = function() return function() end end
            forcelab.simulation = nil
            forcelab.graph.generate = nil
            return dofile('\(folder.path)/copy.lua')
            """, in: folder, name: "patch.lua")
        let patched = try grade([exercise("radial"), patch], in: folder)
        XCTAssertEqual(patched.status, 0, patched.stdout + patched.stderr)
    }

    func testAnExerciseReadsItsGraphFilesWhichTheSubmissionCannotRead() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let course = folder.appendingPathComponent("course"), student = folder.appendingPathComponent("student")
        try FileManager.default.createDirectory(at: course, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        try #"{"nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "links": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]}"#
            .write(to: course.appendingPathComponent("path.json"), atomically: true, encoding: .utf8)
        let exercise = try submission("""
            return {
              title = "Gravity", graphs = {"path.json"}, ticks = 30, reference = forcelab.force.x{x = 0, strength = 0.2},
              checks = {{kind = "positions", tolerance = 1e-9}},
            }
            """, in: course, name: "gravity.lua")
        let solution = try submission("""
            assert(not io.open("../course/path.json"), "the exercise's folder is readable")
            return function(alpha, nodes)
              for _, node in ipairs(nodes) do node.vx = node.vx + (0 - node.x) * 0.2 * alpha end
            end
            """, in: student, name: "gravity.lua")
        let result = try grade([exercise, solution], in: student)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("submission: \(solution), 1 graph, 30 ticks each\npositions: max deviation 0 <= 1e-09 pass\n"
                                             + "the sandbox refused the submission 1 file access:\n  cannot read '../course/path.json': "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\nall 1 check pass\n"), result.stdout)
    }

    func testInThreeDimensionsDepthIsComparedToo() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let exercise = try submission("""
            return {
              title = "Depth", graphs = {{generate = "grid", rows = 3, columns = 3}}, ticks = 20, simulation = {dimensions = 3},
              reference = forcelab.force.z{z = 50, strength = 0.2},
              checks = {{kind = "positions", tolerance = 1e-9}, {kind = "centroid", at = {0, 0, 50}, tolerance = 30}},
            }
            """, in: folder, name: "depth.lua")
        let solution = try submission("return function(alpha, nodes)\n  for _, n in ipairs(nodes) do n.vz = n.vz + (50 - n.z) * 0.2 * alpha end\nend\n", in: folder)
        let passed = try grade([exercise, solution], in: folder)
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
        XCTAssertTrue(passed.stdout.contains("positions: max deviation 0 <= 1e-09 pass"), passed.stdout)
        let flat = try submission("return function(alpha, nodes)\n  for _, n in ipairs(nodes) do n.vy = n.vy + (50 - n.y) * 0.2 * alpha end\nend\n", in: folder, name: "flat.lua")
        let failed = try grade([exercise, flat], in: folder)
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertTrue(failed.stdout.range(of: #"positions: max deviation [0-9.]+ > 1e-09 fail \(node '\d' of graph 1 \(grid\) is at \([-0-9.e]+, [-0-9.e]+, [-0-9.e]+\)"#, options: .regularExpression) != nil, failed.stdout)
        XCTAssertTrue(failed.stdout.contains("distance from (0, 0, 50) at most "), failed.stdout)
    }

    func testUsageMistakesAndBrokenExercisesExitWithStatus2() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let idle = try submission("return function() end\n", in: folder)
        let missing = try grade([exercise("radial"), folder.appendingPathComponent("none.lua").path], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read '"), missing.stderr)
        let noJobs = try grade(["--jobs", "0", exercise("radial"), idle], in: folder)
        XCTAssertEqual(noJobs.status, 2)
        XCTAssertTrue(noJobs.stderr.contains("'--jobs' must be a whole number from 1 to 1024, got '0'"), noJobs.stderr)
        XCTAssertTrue(try grade(["--jobs"], in: folder).stderr.hasPrefix("forcelab grade: '--jobs' needs a value\n"))
        XCTAssertEqual(try grade(["--timeout", "never", exercise("radial"), idle], in: folder).status, 2)
        let watched = try grade(["--watch", exercise("radial"), idle], in: folder)
        XCTAssertEqual(watched.status, 2, "grade does not watch: \(watched.stdout)")
        XCTAssertTrue(watched.stderr.hasPrefix("forcelab grade: unknown option '--watch'\nusage: forcelab grade"), watched.stderr)
        let twice = try grade([exercise("radial"), idle, idle], in: folder)
        XCTAssertEqual(twice.status, 2, twice.stdout)
        XCTAssertTrue(twice.stderr.contains("would share the report name '\(folder.lastPathComponent)-submission': give each submission a file name or a folder of its own"), twice.stderr)
        // Options may follow the files: nothing is passed on to the exercise or the submission, so they are grade's.
        let late = try grade([exercise("radial"), idle, "--timeout", "never"], in: folder)
        XCTAssertEqual(late.status, 2)
        XCTAssertTrue(late.stderr.hasPrefix("forcelab grade: '--timeout' must be a number of seconds above 0 and at most 1000000, got 'never'\n"),
                      late.stderr)
        let help = try grade(["--help"], in: folder)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: forcelab grade"), help.stdout)

        let cases: [(String, String)] = [
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}}, tick = 5}",
             "unknown field 'tick'"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'distance'}}}",
             "checks[1].kind must be one of centroid, lua, metric, positions, got distance"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'positions', tolerence = 0}}}",
             "checks[1]: a 'positions' check: unknown field 'tolerence' (did you mean 'tolerance'?)"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'metric', metric = 'stres', within = 1}}}",
             "checks[1]: field 'metric': unknown value 'stres' (stress, crossings, edgeLengthMean, edgeLengthCV, minAngle, overlaps, neighbourhoodPreservation)"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'metric', metric = 'stress', band = {0, 'x'}}}}",
             "checks[1]: field 'band'[2]: a finite number expected, got string"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'centroid', at = {0}, tolerance = 1}}}",
             "checks[1]: field 'at': {x, y} or {x, y, z} expected, got 1 number"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'lua', check = 'mine'}}}",
             "checks[1]: field 'check': function expected, got string"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'positions', tolerance = -1}}}",
             "checks[1]: field 'tolerance': a number ≥ 0 expected, got -1"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'lua', points = 2}}}",
             "checks[1]: field 'check' is required"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'metric', metric = 'stress'}}}",
             "checks[1] must give either band = {low, high} or within = difference from the reference"),
            ("return {title = 'x', graphs = {{generate = 'erdosRenyi', n = 10, p = 0.3, seed = false}}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}}}",
             "the exercise '"),
            ("return {title = 'x', graphs = {'missing.json'}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}}}",
             "missing.json"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 0, columns = 0}}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}}}",
             "graphs[1] has no nodes"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}, extra = 'g.json'}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}}}",
             "field 'graphs': key 'extra' is not part of the list"),
            ("return {title = 'x', graphs = {{generate = 'grid', rows = 2, columns = 2}}, reference = function() end, checks = {{kind = 'positions', tolerance = 0}, n = 1}}",
             "field 'checks': key 'n' is not part of the list"),
        ]
        for (text, expected) in cases {
            let path = try submission(text, in: folder, name: "exercise.lua")
            let result = try grade([path, idle], in: folder)
            XCTAssertEqual(result.status, 2, "\(text): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(text): \(result.stderr)")
        }
    }
}
