import Foundation
import XCTest

/// A Swift package outside this one can depend on the ForceSimulation library and build it.
///
/// SwiftPM accepts unsafe flags (such as `-Ounchecked`) from a dependency given by path, but refuses them from one
/// given by version, which is how a package elsewhere depends on a released forcelab. So the test copies the
/// manifest and sources into a local git repository tagged 1.0.0 and depends on that by version.
final class PackageDependencyTests: XCTestCase {
    func testAPackageDependingOnForceSimulationByVersionBuildsAndRuns() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let dependency = folder.appendingPathComponent("forcelab")
        let consumer = folder.appendingPathComponent("consumer")
        let files = FileManager.default
        try files.createDirectory(at: dependency, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Plugins"] {
            try files.copyItem(
                at: ForcelabProcess.packageRoot.appendingPathComponent(item), to: dependency.appendingPathComponent(item))
        }
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "release"],
            ["tag", "1.0.0"],
        ] {
            try expectSuccess(run(["git"] + arguments, in: dependency), "git \(arguments.joined(separator: " "))")
        }

        let sources = consumer.appendingPathComponent("Sources/Consumer")
        try files.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(url: "\(dependency.absoluteString)", from: "1.0.0")],
                targets: [
                    .executableTarget(
                        name: "Consumer", dependencies: [.product(name: "ForceSimulation", package: "forcelab")])
                ]
            )

            """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
            import ForceSimulation

            let simulation = try Simulation(nodeCount: 2)
            let k = simulation.kinetics
            let before = (k.x[1] - k.x[0]) * (k.x[1] - k.x[0]) + (k.y[1] - k.y[0]) * (k.y[1] - k.y[0])
            try simulation.setForce("charge", ManyBodyForce())
            try simulation.tick()
            let after = (k.x[1] - k.x[0]) * (k.x[1] - k.x[0]) + (k.y[1] - k.y[0]) * (k.y[1] - k.y[0])
            print(after > before ? "apart" : "not apart")

            """.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        // As another package's build runs: without FORCELAB_NATIVE=1, which only forcelab's own scripts set (with
        // it, forcelab's engine takes unsafe flags, which SwiftPM refuses in a dependency).
        let build = try run(
            ["swift", "build", "--product", "Consumer"], in: consumer, environment: ["FORCELAB_NATIVE": "0"])
        try expectSuccess(
            build, "a package depending on forcelab 1.0.0 by version could not build ForceSimulation (SwiftPM refuses"
                + " unsafe flags, such as -Ounchecked, in a dependency's targets)")
        let binary = consumer.appendingPathComponent(".build/debug/Consumer")
        let output = try run([binary.path], in: consumer)
        try expectSuccess(output, "the consumer package's program failed")
        XCTAssertEqual(output.stdout, "apart\n", "two nodes under the default charge should move apart")
    }

    /// A step that failed: what it was for, with the command's status and output.
    private struct StepFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws a `StepFailure` naming `what`, with the command's status and output, unless it exited with status 0.
    private func expectSuccess(_ result: ForcelabProcess.Result, _ what: String) throws {
        guard result.status == 0 else {
            throw StepFailure(description: "\(what): status \(result.status)\n\(result.stdout)\(result.stderr)")
        }
    }

    /// Runs `arguments` in `folder`, the command found on PATH, with `environment` added.
    private func run(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(arguments, in: folder, environment: environment, executable: "/usr/bin/env")
    }
}
