import Foundation
import XCTest

/// The programs `scripts/fuzz` found to crash forcelab (Tests/Fixtures/fuzz) end with a status, never a signal.
final class FuzzReproducerTests: XCTestCase {
    func testEveryReproducerEndsWithoutASignal() throws {
        let folder = ForcelabProcess.packageRoot.appendingPathComponent("Tests/Fixtures/fuzz")
        let programs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertFalse(programs.isEmpty, "Tests/Fixtures/fuzz holds the reproducers")
        let out = try ForcelabProcess.temporaryFolder(self)
        for program in programs {
            let result = try ForcelabProcess.run(
                ["--sandbox", "--out", out.path, "--timeout", "60", folder.appendingPathComponent(program).path], in: out)
            XCTAssertTrue([0, 1].contains(result.status), "\(program) ended with status \(result.status): \(result.stderr.prefix(400))")
        }
    }
}
