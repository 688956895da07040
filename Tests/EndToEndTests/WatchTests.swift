import Foundation
import XCTest

/// `forcelab --watch`, driven through a pseudo-terminal: saves re-run the script, errors keep the watch, Ctrl-C ends it.
final class WatchTests: XCTestCase {
    func testSavingTheScriptOrAFileItReadRunsItAgain() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("script.lua"), module = folder.appendingPathComponent("settings.lua")
        let edges = folder.appendingPathComponent("graph.edges"), unread = folder.appendingPathComponent("notes.txt")
        let body = """
            local folder = arg[0]:match("^(.*)/")
            package.path = folder .. "/?.lua;" .. package.path
            local settings = require "settings"
            local g = fl.graph.load(folder .. "/graph.edges", {format = "edgelist"})
            fl.simulation(g):force("link", fl.force.link{}):run()
            fl.data.write(fl.mkdir(folder .. "/tables") .. "/sizes.csv", {{nodes = g:nodeCount(), label = settings.label}})
            print("made " .. settings.label .. " with " .. g:nodeCount() .. " nodes")

            """
        try body.write(to: script, atomically: true, encoding: .utf8)
        try "return {label = 'first'}".write(to: module, atomically: true, encoding: .utf8)
        try "a b\nb c\n".write(to: edges, atomically: true, encoding: .utf8)
        try "not read".write(to: unread, atomically: true, encoding: .utf8)
        let home = try ForcelabProcess.temporaryFolder(self)
        let watch = try PseudoTerminal(ForcelabProcess.binary, ["--watch", script.path], environment: [
            "HOME": home.path, "TERM": "xterm",
        ])
        XCTAssertTrue(watch.waitFor("made first with 3 nodes", timeout: 60), watch.screen)
        // The folder fl.mkdir made is not listed as an output.
        XCTAssertTrue(watch.waitFor("run 1 finished; wrote \(folder.path)/tables/sizes.csv\r\n", timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("watching \(edges.path), \(script.path), \(module.path) (Ctrl-C ends)", timeout: 60), watch.screen)

        var mark = watch.mark
        try "return {label = 'second'}".write(to: module, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("settings.lua changed: run 2", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("made second with 3 nodes", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("(Ctrl-C ends)", after: mark, timeout: 60), watch.screen)

        mark = watch.mark
        try "a b\nb c\nc d\n".write(to: edges, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("made second with 4 nodes", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("(Ctrl-C ends)", after: mark, timeout: 60), watch.screen)
        let sizes = try String(contentsOf: folder.appendingPathComponent("tables/sizes.csv"), encoding: .utf8)
        XCTAssertTrue(sizes.contains("4"), sizes)

        mark = watch.mark
        try ("error('a mistake')\n" + body).write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("a mistake", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("run 4 failed (status 1); wrote no files", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("(Ctrl-C ends)", after: mark, timeout: 60), "an error keeps the watch: \(watch.screen)")

        mark = watch.mark
        try "edited".write(to: unread, atomically: true, encoding: .utf8)
        try body.write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("run 5 finished", after: mark, timeout: 60), watch.screen)
        XCTAssertFalse(watch.screen[mark...].contains("notes.txt"), "a file the run did not read is not watched")

        watch.type("\u{3}")
        XCTAssertEqual(watch.waitForExit(timeout: 30), 0, watch.screen)
    }

    func testARefusedWriteIsNoOutputAndTheSandboxAppliesToEachRun() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("script.lua"), old = folder.appendingPathComponent("old.csv")
        let out = folder.appendingPathComponent("out")
        try "from an earlier run".write(to: old, atomically: true, encoding: .utf8)
        // Dated after the run's start, as a file written just before it can be: only its refusal keeps it out.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: old.path)
        try """
            local folder = arg[0]:match("^(.*)/")
            fl.data.write(folder .. "/out/new.csv", {{a = 1}})
            fl.data.write(folder .. "/old.csv", {{a = 2}})
            """.write(to: script, atomically: true, encoding: .utf8)
        let home = try ForcelabProcess.temporaryFolder(self)
        let watch = try PseudoTerminal(ForcelabProcess.binary, ["--watch", "--sandbox", "--out", out.path, script.path], environment: [
            "HOME": home.path, "TERM": "xterm",
        ])
        XCTAssertTrue(watch.waitFor("the sandbox writes only under", timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("run 1 failed (status 1); wrote \(out.path)/new.csv\r\n", timeout: 60), watch.screen)
        watch.type("\u{3}")
        XCTAssertEqual(watch.waitForExit(timeout: 30), 0, watch.screen)
    }

    func testUnderTheWatchAFileFunctionsErrorNamesTheScriptsLineAndTheFunction() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let log = folder.appendingPathComponent("watch.log")
        let environment = ["FORCELAB_WATCH_LOG": log.path]
        let missing = try ForcelabProcess.run(["-e", "local x = 1\nfor line in io.lines('missing.csv') do end"], in: folder, environment: environment)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("(command line):2: cannot open file 'missing.csv'"), missing.stderr)
        let bad = try ForcelabProcess.run(["-e", "print(pcall(io.open, nil))\nio.open({})"], in: folder, environment: environment)
        XCTAssertTrue(bad.stdout.hasPrefix("false\tbad argument #1 to 'io.open' (string expected, got nil)"), bad.stdout)
        XCTAssertTrue(bad.stderr.contains("(command line):2: bad argument #1 to 'io.open' (string expected, got table)"), bad.stderr)
        let file = try ForcelabProcess.run(["-e", "io.open('data.txt', 'w'):write('x'):close() print(io.lines('data.txt')())"], in: folder, environment: environment)
        XCTAssertEqual(file.stdout, "x\n", file.stderr)
        let noted = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(noted.contains("read \(folder.path)/missing.csv\n"), noted)
        XCTAssertTrue(noted.contains("wrote \(folder.path)/data.txt\nread \(folder.path)/data.txt\n"), noted)
    }

    func testWatchGivenTwiceRunsTheScriptItselfNotAnotherWatch() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let script = folder.appendingPathComponent("script.lua")
        // The run's parent process is the watch started here (both --watch on its command line), not a second watch.
        try """
            local parent = io.open("/proc/self/stat"):read("a"):match("^%d+ %b() %S+ (%d+)")
            local command = io.open("/proc/" .. parent .. "/cmdline"):read("a"):gsub("%z", " ")
            print("parent: " .. command)
            """.write(to: script, atomically: true, encoding: .utf8)
        let home = try ForcelabProcess.temporaryFolder(self)
        let watch = try PseudoTerminal(ForcelabProcess.binary, ["--watch", "--watch", script.path], environment: [
            "HOME": home.path, "TERM": "xterm",
        ])
        XCTAssertTrue(watch.waitFor("run 1 finished", timeout: 60), watch.screen)
        XCTAssertTrue(watch.screen.contains("--watch --watch \(script.path)"), watch.screen)
        watch.type("\u{3}")
        XCTAssertEqual(watch.waitForExit(timeout: 30), 0, watch.screen)
    }

    func testWatchNeedsAScriptFile() throws {
        for arguments in [["--watch"], ["--watch", "-"], ["--watch", "-i", "x.lua"]] {
            let result = try ForcelabProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("'--watch' needs a script file and no '-i'"), result.stderr)
        }
    }
}
