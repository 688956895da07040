import Foundation
import XCTest

/// The instruction limit stops the host's own loops in reading graph files and in drawing pictures: the run ends
/// with status 3 and the limit's message, part way through, and leaves no file behind.
final class FileAndPictureLimitsTests: XCTestCase {
    /// The limit the runs are given: well under the work of reading or drawing `chainLength` nodes.
    private let limit = ["--max-instructions", "8000"]
    /// The nodes in the graphs read and drawn (one edge fewer).
    private let chainLength = 12000

    /// A chain of `chainLength` nodes in a format, and the same file spoiled at its very end (so that reading it
    /// through fails there, while a reading stopped part way never gets there).
    private func chain(_ format: String) -> (whole: String, spoiled: String) {
        let nodes = 0..<chainLength, edges = 0..<(chainLength - 1)
        switch format {
        case "csv":
            let text = "source,target\n" + edges.map { "\($0),\($0 + 1)\n" }.joined()
            return (text, text + "x,y,z\n")
        case "edgelist":
            let text = edges.map { "\($0) \($0 + 1)\n" }.joined()
            return (text, text + "x y {oops\n")
        case "dot":
            let body = "digraph {\n" + edges.map { "  \($0) -> \($0 + 1);\n" }.joined()
            return (body + "}\n", body + "  x -> ;\n}\n")
        case "graphml":
            let text = #"<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph edgedefault="directed">"#
                + nodes.map { #"<node id="\#($0)"/>"# + "\n" }.joined()
                + edges.map { #"<edge source="\#($0)" target="\#($0 + 1)"/>"# + "\n" }.joined()
            return (text + "</graph></graphml>\n", text)
        case "gexf":
            let text = #"<?xml version="1.0"?><gexf xmlns="http://gexf.net/1.3" version="1.3"><graph defaultedgetype="directed"><nodes>"#
                + nodes.map { #"<node id="\#($0)"/>"# + "\n" }.joined() + "</nodes><edges>"
                + edges.map { #"<edge id="e\#($0)" source="\#($0)" target="\#($0 + 1)"/>"# + "\n" }.joined()
            return (text + "</edges></graph></gexf>\n", text)
        default:
            let nodeList = nodes.map { #"{"id": "\#($0)"}"# }.joined(separator: ",\n")
            let links = edges.map { #"{"source": "\#($0)", "target": "\#($0 + 1)"}"# }.joined(separator: ",\n")
            return (#"{"nodes": [\#(nodeList)], "links": [\#(links)]}"#,
                    #"{"nodes": [\#(nodeList)], "links": [\#(links), {"source": "0", "target": "nowhere"}]}"#)
        }
    }

    /// Every reader (CSV, edge list, DOT, GraphML, GEXF, JSON) stops part way at the limit.
    func testInstructionLimitStopsEveryReaderPartWay() throws {
        for format in ["csv", "edgelist", "dot", "graphml", "gexf", "json"] {
            let (whole, spoiled) = chain(format)
            try assertReadingStopsPartWay(format, whole: whole, spoiled: spoiled, printing: "\(chainLength - 1)\n") { file in
                "print(forcelab.graph.load('\(file).\(format)'):edgeCount())"
            }
        }
    }

    /// `fl.data.read` (CSV, JSON Lines) stops part way at the limit.
    func testInstructionLimitStopsReadingDataTablesPartWay() throws {
        for format in ["csv", "jsonl"] {
            let lines = (0..<chainLength).map { format == "csv" ? "\($0),\($0 % 7)\n" : #"{"a": \#($0), "b": \#($0 % 7)}"# + "\n" }
            let whole = (format == "csv" ? "a,b\n" : "") + lines.joined()
            try assertReadingStopsPartWay(format, whole: whole, spoiled: whole + "1,2,3\n", printing: "\(chainLength)\n") { file in
                "print(#forcelab.data.read('\(file).\(format)'))"
            }
        }
    }

    /// Writes `whole` and `spoiled` (the same file spoiled at its very end) as whole.`ext` and spoiled.`ext`, where
    /// `script` gives the chunk reading a file named without its extension. Read through, the whole file prints `printing` and
    /// the spoiled one fails with its reading error; under the limit both end with the limit's message and status 3,
    /// so the reading stopped before the end.
    private func assertReadingStopsPartWay(
        _ ext: String, whole: String, spoiled: String, printing: String, _ script: (String) -> String, line: UInt = #line
    ) throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let chunk = script("whole")
        try whole.write(to: folder.appendingPathComponent("whole.\(ext)"), atomically: true, encoding: .utf8)
        try spoiled.write(to: folder.appendingPathComponent("spoiled.\(ext)"), atomically: true, encoding: .utf8)

        let read = try ForcelabProcess.run(["-e", chunk], in: folder)
        XCTAssertEqual(read.status, 0, "\(chunk): \(read.stderr)", line: line)
        XCTAssertEqual(read.stdout, printing, chunk, line: line)
        let failed = try ForcelabProcess.run(["-e", script("spoiled")], in: folder)
        XCTAssertEqual(failed.status, 1, "\(ext): \(failed.stderr)", line: line)
        XCTAssertFalse(failed.stderr.contains("instruction limit"), "\(ext): \(failed.stderr)", line: line)
        for file in ["whole", "spoiled"] {
            let stopped = try ForcelabProcess.run(limit + ["-e", script(file)], in: folder)
            XCTAssertEqual(stopped.status, 3, "\(ext) \(file): \(stopped.stderr)", line: line)
            XCTAssertEqual(stopped.stdout, "", "\(ext) \(file)", line: line)
            XCTAssertTrue(stopped.stderr.hasPrefix("forcelab: (command line):1: instruction limit of 8000 reached"),
                          "\(ext) \(file): \(stopped.stderr)", line: line)
        }
    }

    /// The SVG graph, the plot, the braille preview, the replay page and the metrics stop part way at the limit, leaving no file (nor a
    /// temporary one); each limit lies between what making the input costs and what making and drawing it costs, so
    /// the run stops only if drawing counts.
    func testInstructionLimitStopsPicturesAndMetricsPartWay() throws {
        let grid = "local g = forcelab.graph.generate('grid', {rows = 150, columns = 150}) forcelab.simulation(g):tick() "
        let values = "local ys = {} for i = 1, 50000 do ys[i] = i % 7 end "
        let pictures: [(script: String, limit: Int, file: String?)] = [
            (grid + "forcelab.svg.graph(g, 'graph.svg') print('drawn')", 168_000, "graph.svg"),
            (values + "forcelab.svg.plot('plot.svg', {series = {{name = 'y', y = ys}}}) print('drawn')", 175_000, "plot.svg"),
            (grid + "g:show(40, 12) print('drawn')", 168_000, nil),
            ("local g = forcelab.graph.generate('grid', {rows = 30, columns = 30}) local sim = forcelab.simulation(g) "
                + "local rec = sim:record() sim:tick(100) forcelab.html.replay(rec, 'replay.html') print('drawn')", 312_000, "replay.html"),
            ("local g = forcelab.graph.generate('grid', {rows = 20, columns = 20}) forcelab.simulation(g):tick() "
                + "local m = forcelab.metrics(g) print('drawn')", 50_000, nil),
        ]
        for (script, limit, file) in pictures {
            let folder = try ForcelabProcess.temporaryFolder(self)
            let stopped = try ForcelabProcess.run(["--max-instructions", String(limit), "-e", script], in: folder)
            XCTAssertEqual(stopped.status, 3, "\(script): \(stopped.stderr)")
            XCTAssertEqual(stopped.stdout, "", script)
            XCTAssertTrue(stopped.stderr.hasPrefix("forcelab: (command line):1: instruction limit of \(limit) reached"),
                          "\(script): \(stopped.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], script)

            let drawn = try ForcelabProcess.run(["-e", script], in: folder)
            XCTAssertEqual(drawn.status, 0, "\(script): \(drawn.stderr)")
            XCTAssertTrue(drawn.stdout.hasSuffix("drawn\n"), script)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), file.map { [$0] } ?? [], script)
        }
    }
}
