import Foundation
import XCTest

/// The repros of an adversarial probe (issue 37): special paths that must lose no file, paths and ids that are not
/// UTF-8, and large requests and long loops of the host that must end with status 3 or a catchable error under
/// `--max-memory` and `ulimit -v`, never with a signal.
final class HostileInputTests: XCTestCase {
    /// Runs `command` in sh with `$0` the forcelab binary, in `folder`; the status is the last command's.
    private func shell(_ command: String, in folder: URL? = nil) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(["-c", command, ForcelabProcess.binary], in: folder, executable: "/bin/sh")
    }

    /// `g:save("/dev/stdout")` with standard output appended to a file adds the graph to it in place: the file's
    /// earlier lines and what the script prints after stay (a rename replaced the file before).
    func testSavingToStandardOutputWritesInPlace() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let chunk = #"local g = fl.graph.generate("grid", {rows = 1, columns = 2}) print("before") g:save("/dev/stdout", {format = "json"}) print("after")"#
        let result = try shell(#"echo EARLIER > r.txt && "$0" -e '\#(chunk)' >> r.txt"#, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("r.txt"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("EARLIER\nbefore\n{"), text)
        XCTAssertTrue(text.hasSuffix("}\nafter\n"), text)
    }

    /// A file its owner made read-only is not replaced by a save, as `io.open(path, "w")` refuses it (run as the
    /// unprivileged user nobody: root may write anything).
    func testASaveNeverReplacesAFileTheUserCannotWrite() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to run the binary as nobody") }
        guard access(ForcelabProcess.binary, X_OK) == 0 else { throw XCTSkip("no binary") }
        let folder = try ForcelabProcess.temporaryFolder(self)
        XCTAssertEqual(chmod(folder.path, 0o777), 0)
        let keep = folder.appendingPathComponent("keep.json").path
        try "keep\n".write(toFile: keep, atomically: false, encoding: .utf8)
        XCTAssertEqual(chown(keep, 65534, 65534), 0)
        XCTAssertEqual(chmod(keep, 0o444), 0)
        let chunk = #"print(io.open("keep.json", "w")) local g = fl.graph.generate("grid", {rows = 1, columns = 2}) fl.simulation(g):tick() print(pcall(g.save, g, "keep.json")) print(pcall(fl.data.write, "keep.json", {{a = 1}}, {format = "csv"}))"#
        let result = try ForcelabProcess.run(
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", ForcelabProcess.binary, "-e", chunk],
            in: folder, executable: "/usr/bin/setpriv")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            nil\tkeep.json: Permission denied\t13
            false\tkeep.json: Permission denied
            false\tcannot write 'keep.json': Permission denied

            """)
        XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "keep\n")
    }

    /// Every path function refuses a path that is not UTF-8 (it wrote a file named with U+FFFD before); the CSV
    /// reader refuses an id that is not UTF-8 with its line (it merged \xff and \xfe into one node before).
    func testPathsAndIdsThatAreNotUTF8AreRefused() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let chunk = #"""
            local g = fl.graph.generate("grid", {rows = 1, columns = 2})
            local sim = fl.simulation(g)
            local recording = sim:record()
            sim:tick()
            for _, call in ipairs {
                function() return g:save("x\255.json") end, function() return fl.svg.graph(g, "x\255.svg") end,
                function() return fl.data.write("x\255.csv", {{a = 1}}) end, function() return fl.mkdir("d\255") end,
                function() return fl.graph.load("x\255.json") end, function() return fl.data.read("x\255.csv") end,
                function() return fl.html.replay(recording, "x\255.html") end,
            } do print(select(2, pcall(call))) end
            local f = io.open("ids.csv", "w") f:write("source,target\n\255,\254\n") f:close()
            print(select(2, pcall(fl.graph.load, "ids.csv")))
            """#
        let result = try ForcelabProcess.run(["-e", chunk], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 8, result.stdout)
        for line in lines.prefix(7) { XCTAssertTrue(line.hasSuffix("is not valid UTF-8)"), String(line)) }
        XCTAssertEqual(lines.last, "ids.csv:2: a field is not valid UTF-8")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names, ["ids.csv"])
    }
}
