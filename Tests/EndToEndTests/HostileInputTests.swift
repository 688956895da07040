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
            false\tg:save: keep.json: Permission denied
            false\tfl.data.write: cannot write 'keep.json': Permission denied

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
            local files = {edgelist = "a b\n\255 \254\n", adjlist = "\255 \254\n", multiline_adjlist = "\255 1\n\254\n",
                snap = "\255\t\254\n", pajek = "*Vertices 2\n1 \"\255\"\n2 \"\254\"\n",
                gml = "graph [ node [ id 1 label \"\255\" ] ]", tsv = "\255\t\254\n"}
            for _, format in ipairs {"edgelist", "adjlist", "multiline_adjlist", "snap", "pajek", "gml", "tsv"} do
                local h = io.open("ids.txt", "wb") h:write(files[format]) h:close()
                io.stderr:write(format, ": ", select(2, pcall(fl.graph.load, "ids.txt", {format = format})), "\n")
            end
            os.remove("ids.txt")
            """#
        let result = try ForcelabProcess.run(["-e", chunk], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 8, result.stdout)
        for line in lines.prefix(7) { XCTAssertTrue(line.hasSuffix("is not valid UTF-8)"), String(line)) }
        XCTAssertEqual(lines.last, "fl.graph.load: ids.csv:2: a field is not valid UTF-8")
        XCTAssertEqual(result.stderr, """
            edgelist: fl.graph.load: ids.txt:2: the file is not UTF-8 text (convert it, for example with iconv)
            adjlist: fl.graph.load: ids.txt:1: the file is not UTF-8 text (convert it, for example with iconv)
            multiline_adjlist: fl.graph.load: ids.txt:1: the file is not UTF-8 text (convert it, for example with iconv)
            snap: fl.graph.load: ids.txt:1: the file is not UTF-8 text (convert it, for example with iconv)
            pajek: fl.graph.load: ids.txt:2: the file is not UTF-8 text (convert it, for example with iconv)
            gml: fl.graph.load: ids.txt:1: the file is not UTF-8 text (convert it, for example with iconv)
            tsv: fl.graph.load: ids.txt:1: a field is not valid UTF-8

            """)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names, ["ids.csv"])
    }

    /// Each large request or long loop of the host, under `--max-memory` and under `ulimit -v` (in KiB): the run
    /// ends with status 3 or the call fails with a catchable "not enough memory" or limit error, never a signal.
    func testLargeRequestsAndLongLoopsEndWithStatus3OrACatchableError() throws {
        let exact = "local g = fl.graph.generate('recursive', {n = 20000}) fl.layout.stress(g, {exactNodeLimit = 20000, iterations = 1})"
        let pivots = "local g = fl.graph.generate('recursive', {n = 20000}) fl.layout.stress(g, {exactNodeLimit = 0, pivots = 10000, iterations = 1})"
        let crossings = "local g = fl.graph.generate('erdosRenyi', {n = 5000, m = 30000}) fl.simulation(g):tick() fl.metrics(g)"
        let generator = "fl.graph.generate('erdosRenyi', {n = 1e7, m = 2e7})"
        let endless = "fl.graph.load('/dev/zero', {format = 'csv'})"
        let multilevel = "local g = fl.graph.generate('recursive', {n = 60000}) fl.layout.multilevel(g, {polishPivots = 1000})"
        let cases: [(limits: String, chunk: String, message: String)] = [
            ("--max-memory 300M", exact, "stress: not enough memory: 3236239896 bytes"),
            ("--max-memory 1G", pivots, "stress: not enough memory: "),
            ("--max-memory 300M --max-instructions 2000000", crossings, "instruction limit of 2000000 reached"),
            ("--max-memory 300M", generator, "generate: not enough memory: "),
            ("--max-memory 100M", endless, "load: not enough memory: "),
            ("--max-memory 500M", multilevel, "multilevel: not enough memory: "),
            ("ulimit -v 2000000", exact, "stress: not enough memory: 3236239896 bytes"),
            ("ulimit -v 2000000", pivots, "stress: not enough memory: "),
            ("ulimit -v 1500000 --timeout 2", crossings, "time limit of 2 s reached"),
            ("ulimit -v 500000", generator, "generate: not enough memory: "),
            ("ulimit -v 800000", endless, "not enough memory"),
            ("ulimit -v 1000000", multilevel, "multilevel: not enough memory: "),
        ]
        for (limits, chunk, message) in cases {
            let (prefix, options) = limits.hasPrefix("ulimit")
                ? (limits.split(separator: " ").prefix(3).joined(separator: " ") + "; ", limits.split(separator: " ").dropFirst(3).joined(separator: " "))
                : ("", limits)
            for wrapped in [chunk, "local ok, message = pcall(function() \(chunk) end) print(message) os.exit(ok and 0 or 5)"] {
                let result = try shell(prefix + #""$0" \#(options) -e "\#(wrapped)""#)
                // Time and instruction limits are sticky: a pcall cannot carry on past them.
                let caught = wrapped != chunk && !message.contains("limit of")
                XCTAssertEqual(result.status, caught ? 5 : 3, "\(limits): \(wrapped): \(result.stderr)")
                XCTAssertTrue((caught ? result.stdout : result.stderr).contains(message), "\(limits): \(wrapped): \(result.stdout) \(result.stderr)")
            }
        }
    }

    /// The string library's matching and collectgarbage answer to --max-instructions and --timeout (the stock
    /// matcher ran in C with no hook: each of these ran on until the watchdog).
    func testPatternMatchingAndCollectionsAnswerToTheLimits() throws {
        let loops = [
            "print(('a'):rep(30):find(('a*'):rep(20) .. 'b'))",
            "print(('a'):rep(30):match(('a*'):rep(20) .. 'b'))",
            "for m in ('a'):rep(30):gmatch(('a*'):rep(20) .. 'b') do end",
            "local s = ('a'):rep(1e5) while true do s = s:gsub('a', 'a') end",
            "local t = {} for i = 1, 1e4 do t[i] = {} end while true do collectgarbage() end",
        ]
        for loop in loops {
            for (limit, message) in [("--max-instructions 1000000", "instruction limit of 1000000 reached"), ("--timeout 0.5", "time limit of 0.5 s reached")] {
                let result = try shell(#""$0" \#(limit) -e "pcall(function() \#(loop) end) print('went on')""#)
                XCTAssertEqual(result.status, 3, "\(limit) \(loop): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message) && !result.stderr.contains("watchdog"), "\(limit) \(loop): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(limit) \(loop)")
            }
        }
    }

    /// forcelab's string.find, match, gmatch and gsub give what the stock lua5.4's give, results and errors alike,
    /// on 2 × 3000 random subjects and patterns (classes, sets, %b, %f, captures, back references, anchors,
    /// malformed patterns; string, table and function replacements).
    func testPatternMatchingIsTheStockLuas() throws {
        let script = ForcelabProcess.packageRoot.appendingPathComponent("Tests/Fixtures/patterns/compare.lua").path
        for seed in ["1", "2"] {
            let stock = try ForcelabProcess.run([script, seed, "3000"], executable: "/usr/bin/lua5.4")
            let ours = try ForcelabProcess.run([script, seed, "3000"])
            XCTAssertEqual(stock.status, 0, stock.stderr)
            XCTAssertEqual(stock.stdout.split(separator: "\n").count, 15000)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertTrue(ours.stdout == stock.stdout, "seed \(seed): the outputs differ")
        }
    }

    /// A sweep parameter that is not UTF-8 is refused naming its field, never handed to `run` as U+FFFD (records
    /// are JSON text, which cannot hold the bytes); a figure likewise fails its case.
    func testSweepParametersThatAreNotUTF8AreRefused() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        try #"return {grid = {name = {"a", "\255\254"}}, seeds = {1}, run = function(c) return {n = #c.name} end}"#
            .write(to: folder.appendingPathComponent("spec.lua"), atomically: true, encoding: .utf8)
        try #"return {grid = {name = {"a"}}, seeds = {1}, run = function(c) return {n = "\255"} end}"#
            .write(to: folder.appendingPathComponent("figure.lua"), atomically: true, encoding: .utf8)
        let parameter = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", "p.jsonl", "spec.lua"], in: folder)
        XCTAssertEqual(parameter.status, 1, parameter.stderr)
        XCTAssertTrue(parameter.stderr.contains("'spec.lua': field 'grid': the string '\u{FFFD}\u{FFFD}' is not valid UTF-8"), parameter.stderr)
        let figure = try ForcelabProcess.run(["sweep", "--jobs", "1", "--out", "f.jsonl", "figure.lua"], in: folder)
        XCTAssertEqual(figure.status, 1, figure.stderr)
        XCTAssertTrue(figure.stderr.contains("run returned figures that cannot be read: the string '\u{FFFD}' is not valid UTF-8"), figure.stderr)
    }
}
