import Foundation
import XCTest

/// The research formats (GML, Pajek, adjacency lists, SNAP, Matrix Market) and gzip-compressed files of these and
/// of the older formats against networkx and scipy, in the virtual environment `scripts/python-env networkx` makes:
/// networkx writes its files, forcelab loads and saves each, networkx reads forcelab's back equal (structure, values
/// and their types); forcelab's own graphs read in networkx as networkx makes the same graphs
/// (Tests/Fixtures/research-formats/roundtrip.py says how it compares).
final class ResearchFormatsTests: XCTestCase {
    /// Runs a program, returning its exit status, standard output and standard error.
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func testNetworkxReadsBackWhatForcelabSavesOfItsFiles() throws {
        let root = ForcelabProcess.packageRoot
        let environment = try run(root.appendingPathComponent("scripts/python-env").path, ["networkx"])
        XCTAssertEqual(environment.status, 0, "scripts/python-env networkx: \(environment.err)")
        guard environment.status == 0 else { return }
        let python = environment.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let script = root.appendingPathComponent("Tests/Fixtures/research-formats/roundtrip.py").path
        let folder = try ForcelabProcess.temporaryFolder(self)

        let written = try run(python, [script, "write", folder.path])
        XCTAssertEqual(written.status, 0, written.err)
        let program = folder.appendingPathComponent("roundtrip.lua")
        try written.out.write(to: program, atomically: true, encoding: .utf8)
        let forcelab = try ForcelabProcess.run([program.path])
        XCTAssertEqual(forcelab.status, 0, forcelab.stderr)

        let compared = try run(python, [script, "compare", folder.path])
        XCTAssertEqual(compared.status, 0, compared.out + compared.err)
        let lines = compared.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 26, compared.out)
        for line in lines {
            XCTAssertTrue(line.contains("structure=True values=True types=True"), String(line))
        }
    }

    /// A chain of 12000 nodes in a research format (by extension), whole and spoiled at its very end.
    private func chain(_ ext: String) -> (whole: String, spoiled: String) {
        let count = 12000
        let edges = 1..<count
        switch ext {
        case "gml":
            let text = "graph [\n  directed 1\n" + (1...count).map { "  node [ id \($0) label \"\($0)\" ]\n" }.joined()
                + edges.map { "  edge [ source \($0) target \($0 + 1) ]\n" }.joined()
            return (text + "]\n", text)
        case "net":
            let text = "*Vertices \(count)\n*Arcs\n" + edges.map { "\($0) \($0 + 1)\n" }.joined()
            return (text, text + "1 nowhere\n")
        case "adjlist":
            let text = edges.map { "\($0) \($0 + 1)\n" }.joined()
            return (text, text + "x {oops\n")
        case "mtx":
            let text = "%%MatrixMarket matrix coordinate pattern general\n\(count) \(count) \(count - 1)\n"
                + edges.map { "\($0) \($0 + 1)\n" }.joined()
            return (text, text + "1 2\n")
        default:
            let text = "# Directed graph\n# FromNodeId\tToNodeId\n" + edges.map { "\($0)\t\($0 + 1)\n" }.joined()
            return (text, text + "x\ty\n")
        }
    }

    /// Each research format's reader stops part way at the instruction limit (status 3, the limit's message), where
    /// reading the whole file prints its edges and the spoiled one fails at its end.
    func testInstructionLimitStopsEveryResearchReaderPartWay() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        for ext in ["gml", "net", "adjlist", "mtx", "txt"] {
            let (whole, spoiled) = chain(ext)
            try whole.write(to: folder.appendingPathComponent("whole.\(ext)"), atomically: true, encoding: .utf8)
            try spoiled.write(to: folder.appendingPathComponent("spoiled.\(ext)"), atomically: true, encoding: .utf8)
            let format = ext == "txt" ? ", {format = 'snap'}" : ""
            let script = { (file: String) in "print(fl.graph.load('\(file).\(ext)'\(format)):edgeCount())" }
            let read = try ForcelabProcess.run(["-e", script("whole")], in: folder)
            XCTAssertEqual(read.stdout, "11999\n", "\(ext): \(read.stderr)")
            let failed = try ForcelabProcess.run(["-e", script("spoiled")], in: folder)
            XCTAssertEqual(failed.status, 1, "\(ext): \(failed.stderr)")
            XCTAssertTrue(failed.stderr.contains("spoiled.\(ext):"), "\(ext): \(failed.stderr)")
            for file in ["whole", "spoiled"] {
                let stopped = try ForcelabProcess.run(["--max-instructions", "8000", "-e", script(file)], in: folder)
                XCTAssertEqual(stopped.status, 3, "\(ext) \(file): \(stopped.stderr)")
                XCTAssertTrue(stopped.stderr.hasPrefix("forcelab: (command line):1: instruction limit of 8000 reached"),
                              "\(ext) \(file): \(stopped.stderr)")
            }
        }
    }
}
