import Foundation
import XCTest

/// Every example in examples/ runs with the built binary and its output (text and pictures) is checked.
final class ExamplesTests: XCTestCase {
    /// What each example must print and write.
    private static let expectations: [String: (lines: [String], files: [String])] = [
        "quickstart": (["Graph(12 nodes, 13 edges): 300 ticks (converged)", "crossings"], ["quickstart.svg"]),
        "miserables": (
            ["Graph(77 nodes, 254 edges)", "after 300 ticks: Valjean at", "neighbourhoodPreservation"],
            ["miserables.svg", "miserables-layout.json"]),
        "custom-force": (
            ["defaults             separation", "with-cluster-force   separation", "grid with gravity"],
            ["custom-force-defaults.svg", "custom-force-with-cluster-force.svg"]),
        "flow-editing": (
            ["xy-edge__sourceout-parsein", "duplicate refused:\ttrue", "removed nodes: group, parse, check",
             "deleted 3 nodes and 3 edges; left: Graph(2 nodes, 0 edges)", "after undo: Graph(5 nodes, 3 edges)"],
            ["flow.svg", "flow.json"]),
        "compare-layouts": (
            ["defaults  stress", "collide   stress", "radial    stress"],
            ["compare-layouts.svg", "layout-defaults.svg", "layout-collide.svg", "layout-radial.svg"]),
        "replay": (["Recording(300 ticks, 151 frames, series: alpha, energy, spread)"], ["replay.html", "replay-alpha.svg", "replay-energy.svg"]),
    ]

    /// Sweep specs (run by `forcelab sweep` at a small size, then merged): how many cases and configurations, and
    /// pictures the merge must draw.
    private static let sweeps: [String: (cases: Int, configurations: Int, pictures: [String])] = [
        "sweep-charge": (40, 8, ["stress-by-strength.svg", "crossings-by-distance.svg",
                                 "radar-1-distance=20-graph=miserables-strength=-60.svg", "radar-8-distance=40-graph=scaleFree-strength=-15.svg"]),
    ]

    private static let examples = ForcelabProcess.packageRoot.appendingPathComponent("examples")

    func testEveryExampleHasExpectations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }
        XCTAssertEqual(Set(names), Set(Self.expectations.keys).union(Self.sweeps.keys))
    }

    func testSweepExamplesRunOnEveryCoreAndMerge() throws {
        for (name, expected) in Self.sweeps.sorted(by: { $0.key < $1.key }) {
            let out = try ForcelabProcess.temporaryFolder(self)
            let results = out.appendingPathComponent("results.jsonl").path
            let run = try ForcelabProcess.run(["sweep", "--out", results, Self.examples.appendingPathComponent("\(name).lua").path, "small"])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("\(expected.cases) cases run in"), run.stderr)
            let merge = try ForcelabProcess.run(["sweep", "--merge", results, "--out", out.path])
            XCTAssertEqual(merge.status, 0, "\(name): \(merge.stderr)")
            XCTAssertTrue(merge.stdout.contains("results.csv: \(expected.cases) cases, \(expected.configurations) configurations"), merge.stdout)
            let table = try String(contentsOf: out.appendingPathComponent("results.csv"), encoding: .utf8)
            XCTAssertEqual(table.split(separator: "\n").count, expected.cases + 1)
            for picture in expected.pictures {
                try PictureCheck.assertDrawn(svg: out.appendingPathComponent(picture).path, file: picture)
            }
        }
    }

    func testExamplesRunAndWriteValidPictures() throws {
        for (name, expected) in Self.expectations.sorted(by: { $0.key < $1.key }) {
            let out = try ForcelabProcess.temporaryFolder(self)
            let result = try ForcelabProcess.run([Self.examples.appendingPathComponent("\(name).lua").path, out.path])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            for line in expected.lines {
                XCTAssertTrue(result.stdout.contains(line), "\(name) printed no '\(line)':\n\(result.stdout)")
            }
            for file in expected.files {
                let path = out.appendingPathComponent(file).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(name) wrote no \(file)")
                if file.hasSuffix(".svg") { try PictureCheck.assertDrawn(svg: path, file: file) }
                if file.hasSuffix(".json") { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))) }
            }
        }
    }

    func testReplayExamplePlaysInHeadlessChromium() throws {
        let script = ForcelabProcess.packageRoot.appendingPathComponent("scripts/test-browser").path
        let out = try ForcelabProcess.temporaryFolder(self)
        XCTAssertEqual(try ForcelabProcess.run([Self.examples.appendingPathComponent("replay.lua").path, out.path]).status, 0)
        let result = try ForcelabProcess.run([script, out.appendingPathComponent("replay.html").path], executable: "/bin/bash")
        if result.status == 77 && ProcessInfo.processInfo.environment["FORCELAB_BROWSER_TESTS"] != "1" {
            throw XCTSkip(result.stderr)
        }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("ok   the picture changes when the slider moves"), result.stdout)
    }

    func testMiserablesExampleMatchesD3AndIsDeterministic() throws {
        let first = try ForcelabProcess.temporaryFolder(self), second = try ForcelabProcess.temporaryFolder(self)
        let script = Self.examples.appendingPathComponent("miserables.lua").path
        let a = try ForcelabProcess.run([script, first.path]), b = try ForcelabProcess.run([script, second.path])
        XCTAssertEqual(a.stdout.replacingOccurrences(of: first.path, with: ""), b.stdout.replacingOccurrences(of: second.path, with: ""))
        for file in ["miserables.svg", "miserables-layout.json"] {
            XCTAssertEqual(
                try Data(contentsOf: first.appendingPathComponent(file)), try Data(contentsOf: second.appendingPathComponent(file)),
                "\(file) differs between two runs")
        }
        // d3-force 3.0.0 puts Valjean at (-17.638..., 19.865...) after 300 ticks of these forces (reference case a_miserables).
        XCTAssertTrue(a.stdout.contains("Valjean at (-17.638, 19.865)"), a.stdout)
    }
}
