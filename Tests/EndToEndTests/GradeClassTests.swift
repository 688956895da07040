import Foundation
import XCTest

/// A class of 30 graded from a flat folder (an LMS's export) against `clusters.lua`, whose checks include one written
/// in Lua and give points: right, wrong, looping, memory-hungry, hostile, copying and forging submissions, each with
/// the verdict it must get, and none of the forgeries or copies succeeding.
final class GradeClassTests: XCTestCase {
    /// The model solution's force, as the variants below write it.
    private static let pull = """
        local angle = 2 * math.pi * node.data.group / groups
        local ax, ay = 200 * math.cos(angle), 200 * math.sin(angle)
        node.vx = node.vx + (ax - node.x) * 0.15 * alpha
        node.vy = node.vy + (ay - node.y) * 0.15 * alpha
        """
    private static let groups = "local groups = 0\nfor _, node in ipairs(nodes) do groups = math.max(groups, node.data.group + 1) end\n"
    /// A force of the function form whose body per node is `body`.
    private static func force(_ body: String) -> String {
        "return function(alpha, nodes)\n" + groups + "for _, node in ipairs(nodes) do\n" + body + "\nend\nend\n"
    }
    private static let right = force(pull)
    private static let idle = "return function(alpha, nodes) end\n"

    /// Each student's file and the result it must get: pass, fail or stopped (by a limit).
    private static let students: [(name: String, code: String, result: String)] = [
        // Right, in several forms.
        ("alice", right, "pass"),
        ("bob", "local nodes\nreturn {initialize = function(n) nodes = n end, force = function(alpha)\n" + groups
            + "for _, node in ipairs(nodes) do\n" + pull + "\nend\nend}\n", "pass"),
        ("carol", "return function(alpha, nodes)\n" + groups + "for i = 1, #nodes do\nlocal node = nodes[i]\n" + pull + "\nend\nend\n", "pass"),
        ("dora", "local function pullEach(alpha, nodes)\n" + groups + "for _, node in ipairs(nodes) do\n" + pull + "\nend\nend\nreturn pullEach\n", "pass"),
        ("emil", "for i = 1, 2000 do print('line ' .. i .. ' \\27[2J') end\n" + right, "pass"),
        ("fay", "pcall(os.execute, 'id'); pcall(function() return io.popen('id') end); pcall(function() return debug.getinfo(1) end)\n"
            + "pcall(io.open, '/etc/passwd'); pcall(load, '\\27Lua binary'); pcall(function() return string.dump(print) end)\n" + right, "pass"),
        // Wrong.
        ("gus", idle, "fail"),
        ("hana", force(pull.replacingOccurrences(of: "(ax - node.x)", with: "(node.x - ax)").replacingOccurrences(of: "(ay - node.y)", with: "(node.y - ay)")), "fail"),
        ("ivan", force(pull.replacingOccurrences(of: " * alpha", with: "")), "fail"),
        ("jade", "return function(nodes, alpha)\nfor _, node in ipairs(nodes) do node.vx = 0 end\nend\n", "fail"),
        ("kurt", "function pull(alpha, nodes)\nend\n", "fail"),
        ("lena", force("node.vx = node.vx + node.group * alpha"), "fail"),
        ("milo", force(pull.replacingOccurrences(of: "0.15", with: "0.05")), "fail"),
        ("nina", force(pull.replacingOccurrences(of: "node.vx = node.vx +", with: "node.x = node.x +")
            .replacingOccurrences(of: "node.vy = node.vy +", with: "node.y = node.y +")), "fail"),
        ("otto", "return {setup = function(sim) end}\n", "fail"),
        ("pia", force("node.vx = 0 / 0"), "fail"),
        // Looping and memory-hungry: stopped by a limit.
        ("quin", "return function(alpha, nodes) while true do end end\n", "stopped"),
        ("rita", "local n = 0\nwhile true do n = n + 1 end\n", "stopped"),
        ("saul", "local t = {}\nreturn function(alpha, nodes) for i = 1, math.huge do t[i] = {i, i, i} end end\n", "stopped"),
        ("tess", "local s = 'x'\nwhile true do s = s .. s end\n", "stopped"),
        // Hostile, uncaught: failed, with the attempts flagged.
        ("ugo", "os.execute('touch /tmp/forcelab-pwned')\n" + right, "fail"),
        ("vera", "local f = assert(io.open('/etc/passwd'))\nprint(f:read('a'))\n" + right, "fail"),
        ("walt", "local f = assert(io.open('../../escaped.txt', 'w'))\nf:write('x')\n" + right, "fail"),
        // Copying a neighbour or the model solution.
        ("xena", "return dofile('flat/alice.lua')\n", "fail"),
        ("yann", "return require 'alice'\n", "fail"),
        ("abel", "return dofile('../examples/exercises/clusters.solution.lua')\n", "fail"),
        // Forging a verdict: on standard error, with escapes and carriage returns, in an error, or in the report's folder.
        ("bess", "io.stderr:write('\\27[2J\\27[Hforcelab grade: bess: pass, all 3 checks pass, 5 of 5 points\\n')\n"
            + "io.stdout:write('all 3 checks pass\\r\\n')\n" + idle, "fail"),
        ("cleo", "for _, name in ipairs{'graded/cleo.txt', 'graded/summary.csv', '../graded/cleo.txt'} do\n"
            + "  local f = io.open(name, 'w'); if f then f:write('forcelab grade: cleo: pass, all 3 checks pass\\n'); f:close() end\nend\n" + idle, "fail"),
        ("dirk", "error('all 3 checks pass\\nforcelab grade: dirk: pass, all 3 checks pass\\r', 0)\n", "fail"),
        ("ezra", "setmetatable({}, {__gc = function() io.stderr:write('\\nforcelab grade: ezra: pass, all 3 checks pass\\n') end})\n"
            + "return function(alpha, nodes) error('=HYPERLINK(\"http://x\")') end\n", "fail"),
    ]

    /// The cells of a CSV row (RFC 4180 quoting; no cell of summary.csv holds a line break, those are escaped).
    private static func cells(of row: String) -> [String] {
        var cells: [String] = [], cell = "", quoted = false, previous: Character = " "
        for character in row {
            if character == "\"" {
                if quoted && previous == "\"" { cell.append("\"") }
                quoted.toggle()
            } else if character == "," && !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        return cells + [cell]
    }

    func testAClassOfThirtyFromAFlatFolderGetsEveryVerdictRight() throws {
        XCTAssertEqual(Self.students.count, 30)
        let folder = try ForcelabProcess.temporaryFolder(self)
        let flat = folder.appendingPathComponent("flat")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        for student in Self.students {
            try student.code.write(to: flat.appendingPathComponent("\(student.name).lua"), atomically: true, encoding: .utf8)
        }
        // A copy of the exercises beside the class, and a link to the model solution handed in as a 31st file.
        let exercises = folder.appendingPathComponent("examples/exercises")
        try FileManager.default.createDirectory(at: exercises.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ForcelabProcess.packageRoot.appendingPathComponent("examples/exercises"), to: exercises)
        try FileManager.default.createSymbolicLink(atPath: flat.appendingPathComponent("zeno.lua").path,
                                                   withDestinationPath: "../examples/exercises/clusters.solution.lua")
        let files = Self.students.map { "flat/\($0.name).lua" } + ["flat/zeno.lua"]
        let result = try ForcelabProcess.run(["grade", "--jobs", "2", "--timeout", "30", "--max-instructions", "100000000", "--max-memory", "200M",
                                              "--out", "graded", "examples/exercises/clusters.lua"] + files, in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 33, result.stdout)
        XCTAssertEqual(lines.last, "31 of 31 graded: 6 pass, 21 fail, 4 stopped by a limit; the table is graded/summary.csv", result.stdout)
        let summary = try String(contentsOf: folder.appendingPathComponent("graded/summary.csv"), encoding: .utf8)
        let rows = summary.split(separator: "\n").dropFirst().map { GradeClassTests.cells(of: String($0)) }
        XCTAssertEqual(summary.split(separator: "\n").first, "name,submission,status,result,verdict,attempts,score,max_score,"
                       + "check: positions,check: groups,check: centroid,report")
        var verdicts: [String: (result: String, row: [String])] = [:]
        for row in rows { verdicts[row[0]] = (row[3], row) }
        for student in Self.students + [("zeno", "", "fail")] {
            XCTAssertEqual(verdicts[student.name]?.result, student.result, "\(student.name): \(verdicts[student.name]?.row ?? [])")
            let line = try XCTUnwrap(lines.first { $0.hasPrefix(student.name + " ") }, student.name)
            XCTAssertEqual(line.split(separator: " ").dropFirst().first.map(String.init), student.result, line)
            // A link is refused before any run, with the reason in the table and on the console; the others have a report.
            guard student.name != "zeno" else { continue }
            let report = try String(contentsOf: folder.appendingPathComponent("graded/\(student.name).txt"), encoding: .utf8)
            XCTAssertTrue(report.hasPrefix("forcelab grade: \(student.name): \(student.result), "), report)
            XCTAssertTrue(report.hasSuffix("\n\nforcelab grade: \(student.name): \(student.result), " + report.split(separator: "\n")[0].dropFirst("forcelab grade: \(student.name): \(student.result), ".count) + "\n"), report)
        }
        // Scores: the right ones earn all 5 points; the forgers, copiers and the idle force none of positions' 2.
        for name in ["alice", "bob", "carol", "dora", "emil", "fay"] { XCTAssertEqual(verdicts[name]?.row[6], "5", name) }
        for name in ["gus", "bess", "cleo"] { XCTAssertEqual(verdicts[name]?.row[8], "0", name) }
        XCTAssertEqual(verdicts["milo"]?.row[9].hasPrefix("1."), true, "a weak pull earns part of the Lua check's 2 points: \(verdicts["milo"]?.row ?? [])")
        // Attempts flagged on the console line and counted in the table.
        for name in ["fay", "ugo", "vera", "walt", "xena", "abel"] {
            XCTAssertTrue(lines.first { $0.hasPrefix(name + " ") }?.contains("[! ") ?? false, "\(name) is flagged: \(result.stdout)")
            XCTAssertNotEqual(verdicts[name]?.row[5], "0", name)
        }
        // Nothing escaped the sandbox, no copy graded as its original, no forged report or table.
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/forcelab-pwned"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.txt").path))
        XCTAssertTrue(verdicts["zeno"]?.row[4].contains("is a symbolic link") ?? false, "\(verdicts["zeno"]?.row ?? [])")
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape reaches the console")
        XCTAssertEqual(lines.filter { $0.contains(": pass, all 3 checks pass") }, [], "no forged line on the console")
    }
}
