import Foundation
import GraphModel
import Testing
@testable import GraphLayout

/// Graphviz's neato (stress majorization) as the reference: forcelab's stress layout must reach a stress (by
/// forcelab's metric) at most neato's on the same graph.
@Suite struct StressVersusNeatoTests {
    /// Lays `graph` out with neato and returns the same graph with neato's positions.
    static func neato(_ graph: Graph) throws -> Graph {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-neato-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.dot").path, output = folder.appendingPathComponent("out.dot").path
        try graph.save(path: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["neato", "-Tdot", "-o", output, input]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "neato failed; scripts/setup installs graphviz")
        return try Graph.load(path: output)
    }

    /// The test graphs: a grid, a tree, Les Misérables and a small G(n).
    static func graph(_ name: String) -> Graph {
        switch name {
        case "grid": return Graph.grid(rows: 10, columns: 10)
        case "tree": return Graph.tree(n: 100, branching: 3)
        case "miserables": return Graph.miserables()
        default: return Graph.recursive(n: 200)
        }
    }

    @Test(arguments: ["grid", "tree", "miserables", "G(200)"]) func stressIsAtMostNeatos(_ name: String) throws {
        let graph = Self.graph(name)
        let reference = try stressMetric(try Self.neato(graph))
        _ = try StressLayout.apply(to: graph)
        let ours = try stressMetric(graph)
        print("\(name): forcelab stress \(ours), neato \(reference)")
        #expect(ours <= reference)
    }
}
