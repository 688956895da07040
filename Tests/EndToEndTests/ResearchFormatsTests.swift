import Foundation
import XCTest

/// The research formats (GML, Pajek, adjacency lists, SNAP, Matrix Market, gzip-compressed files) against networkx
/// and scipy, in the virtual environment `scripts/python-env networkx` makes: networkx writes its files, forcelab
/// loads and saves each, networkx reads forcelab's back equal (structure and values); forcelab's own graphs read in
/// networkx as networkx makes the same graphs (Tests/Fixtures/research-formats/roundtrip.py says how it compares).
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
        XCTAssertEqual(lines.count, 23, compared.out)
        for line in lines {
            XCTAssertTrue(line.contains("structure=True values=True"), String(line))
        }
    }
}
