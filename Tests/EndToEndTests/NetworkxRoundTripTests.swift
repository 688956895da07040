import Foundation
import XCTest

/// Graphs go to and from networkx in every format both read and write (node-link JSON in both its spellings,
/// GraphML, GEXF, edge lists, CSV and TSV through pandas, DOT through pydot) and come back equal in structure,
/// values and Python types (Tests/Fixtures/networkx/roundtrip.py; the networkx environment comes from
/// scripts/python-env).
final class NetworkxRoundTripTests: XCTestCase {
    func testGraphsComeBackEqualInNetworkxAndForcelab() throws {
        let root = ForcelabProcess.packageRoot
        let environment = try Self.run(root.appendingPathComponent("scripts/python-env").path, ["networkx"])
        XCTAssertEqual(environment.status, 0, "scripts/python-env networkx: \(environment.stderr)")
        let python = environment.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let work = try ForcelabProcess.temporaryFolder(self)
        let script = root.appendingPathComponent("Tests/Fixtures/networkx/roundtrip.py").path
        let result = try Self.run(python, [script, ForcelabProcess.binary, work.path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Each difference is its own failure, naming the format, the graph and what differs.
        for line in lines where line.hasPrefix("DIFFERS ") { XCTFail(String(line.dropFirst("DIFFERS ".count))) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        // Every format was compared: a row per format, each with cases, all of them equal at every level.
        let rows = lines.dropFirst().prefix { !$0.hasPrefix("DIFFERS") && !$0.hasPrefix("refused") }
        XCTAssertEqual(rows.count, 8, result.stdout)
        for row in rows {
            let counts = row.split(separator: " ").suffix(4).compactMap { Int($0) }
            XCTAssertTrue(counts.count == 4 && counts[0] > 0 && Set(counts).count == 1, "not every case equal: \(row)")
        }
    }

    /// Runs a program, capturing its output.
    private static func run(_ program: String, _ arguments: [String]) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(arguments, executable: program)
    }
}
