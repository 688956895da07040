import Foundation
import XCTest

/// `forcelab --each`: every script in a fresh Lua state of its own in one process, and scripts/fuzz's batches on it.
final class EachScriptTests: XCTestCase {
    /// Writes `scripts` (name, source) into `folder` and gives their paths.
    private func write(_ scripts: [(String, String)], in folder: URL) throws -> [String] {
        try scripts.map { name, source in
            let url = folder.appendingPathComponent(name)
            try source.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    func testEachScriptRunsInAFreshStateAndTheHighestStatusEndsTheBatch() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let paths = try write([
            ("a.lua", "leftover = 1; string.leftover = 2; setmetatable({}, {__gc = function() print('a closed') end}); print('a', ...)"),
            ("b.lua", "print('b', leftover, string.leftover, arg[0]:match('[^/]*$'), #arg)"),
            ("c.lua", "error('c fails')"),
            ("d.lua", "print('d runs after an error')"),
        ], in: folder)
        let result = try ForcelabProcess.run(["--each"] + paths, in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "a\na closed\nb\tnil\tnil\tb.lua\t0\nd runs after an error\n")
        XCTAssertTrue(result.stderr.contains("c.lua:1: c fails"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("forcelab: --each: 4 of 4 scripts run: 3 ended with status 0, 1 with status 1\n"),
                      result.stderr)
    }

    func testTheLimitsApplyToEachScript() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let paths = try write([
            ("spin.lua", "while true do end"),
            ("quick.lua", "print('quick ran')"),
            ("big.lua", "local t = {} for i = 1, 1e8 do t[i] = ('x'):rep(100) .. i end"),
            ("last.lua", "print('last ran')"),
        ], in: folder)
        let result = try ForcelabProcess.run(["--each", "--timeout", "1", "--max-memory", "200M"] + paths, in: folder)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stdout, "quick ran\nlast ran\n")
        XCTAssertTrue(result.stderr.contains("time limit of 1 s reached"), result.stderr)
        XCTAssertTrue(result.stderr.contains("4 of 4 scripts run: 2 ended with status 0, 2 with status 3"), result.stderr)
    }

    func testEachRefusesStandardInputAndTheREPL() throws {
        for arguments in [["--each"], ["--each", "-"], ["--each", "-i", "x.lua"], ["--each", "--watch", "x.lua"]] {
            let result = try ForcelabProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("'--each' needs script files"), "\(arguments): \(result.stderr)")
        }
    }

    /// scripts/fuzz runs its cases in `--each` batches: a planted case that fails (it writes what a sanitizer's report
    /// starts with) is found in its batch, named on its own and kept; the rest of its batch passes.
    func testTheFuzzerFindsAndNamesAPlantedCaseInABatch() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let planted = try write([
            ("planted.lua", "io.stderr:write('==1==ERROR: AddressSanitizer: heap-use-after-free (planted)\\n')"),
        ], in: folder)[0]
        let keep = folder.appendingPathComponent("kept")
        let result = try ForcelabProcess.run(
            [ForcelabProcess.packageRoot.appendingPathComponent("scripts/fuzz").path, "--cases", "12", "--batch", "6",
             "--seed", "plant", "--jobs", "1", "--plant", "8:" + planted, "--binary", ForcelabProcess.binary,
             "--keep", keep.path],
            in: folder, executable: "/usr/bin/python3")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("fuzz: FAILED programs-seedplant-case8: 'Sanitizer' on stderr"), result.stdout)
        XCTAssertTrue(result.stdout.contains("1 batch of 2 run again case by case, 1 failed"), result.stdout)
        let kept = try FileManager.default.contentsOfDirectory(atPath: keep.path).sorted()
        XCTAssertEqual(kept, ["programs-seedplant-case8.lua", "programs-seedplant-case8.out"])
        XCTAssertEqual(try String(contentsOf: keep.appendingPathComponent("programs-seedplant-case8.lua"), encoding: .utf8),
                       try String(contentsOfFile: planted, encoding: .utf8))
    }
}
