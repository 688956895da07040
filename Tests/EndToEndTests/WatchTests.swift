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
            fl.data.write(folder .. "/sizes.csv", {{nodes = g:nodeCount(), label = settings.label}})
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
        XCTAssertTrue(watch.waitFor("run 1 finished; wrote \(folder.path)/sizes.csv", timeout: 60), watch.screen)
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
        let sizes = try String(contentsOf: folder.appendingPathComponent("sizes.csv"), encoding: .utf8)
        XCTAssertTrue(sizes.contains("4"), sizes)

        mark = watch.mark
        try (body + "error('a mistake')\n").write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("a mistake", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("run 4 failed (status 1)", after: mark, timeout: 60), watch.screen)
        XCTAssertTrue(watch.waitFor("(Ctrl-C ends)", after: mark, timeout: 60), "an error keeps the watch: \(watch.screen)")

        mark = watch.mark
        try "edited".write(to: unread, atomically: true, encoding: .utf8)
        try body.write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(watch.waitFor("run 5 finished", after: mark, timeout: 60), watch.screen)
        XCTAssertFalse(watch.screen[mark...].contains("notes.txt"), "a file the run did not read is not watched")

        watch.type("\u{3}")
        XCTAssertEqual(watch.waitForExit(timeout: 30), 0, watch.screen)
    }

    func testWatchNeedsAScriptFile() throws {
        for arguments in [["--watch"], ["--watch", "-"], ["--watch", "-i", "x.lua"]] {
            let result = try ForcelabProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("--watch needs a script file and no -i"), result.stderr)
        }
    }
}
