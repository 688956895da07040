import Foundation
import XCTest
@testable import GraphModel

/// The real graphs scripts/bench lays out (Tests/Fixtures/graphs) read whole: the counts their headers give, one
/// connected component, no self loops or repeated edges.
final class RealGraphFixtureTests: XCTestCase {
    func testRealGraphsReadAsTheirHeadersSay() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/graphs")
        let expected = ["debian-packages.edgelist": (702, 2400), "python-stdlib-imports.edgelist": (529, 1939),
                        "five-letter-words.edgelist": (3531, 10265)]
        for (name, counts) in expected {
            let path = folder.appendingPathComponent(name).path
            let graph = try Graph.load(path: path)
            XCTAssertEqual(graph.nodeCount, counts.0, name)
            XCTAssertEqual(graph.edges.count, counts.1, name)
            let header = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(header.contains("# \(counts.0) nodes, \(counts.1) edges"), name)
            let pairs = graph.edges.map { [$0.source, $0.target].sorted().joined(separator: " ") }
            XCTAssertEqual(Set(pairs).count, pairs.count, name)
            XCTAssertFalse(graph.edges.contains { $0.source == $0.target }, name)
            var neighbours: [String: [String]] = [:]
            for edge in graph.edges {
                neighbours[edge.source, default: []].append(edge.target)
                neighbours[edge.target, default: []].append(edge.source)
            }
            var reached: Set<String> = [graph.edges[0].source], frontier = [graph.edges[0].source]
            while let node = frontier.popLast() {
                for next in neighbours[node] ?? [] where reached.insert(next).inserted { frontier.append(next) }
            }
            XCTAssertEqual(reached.count, graph.nodeCount, name)
        }
    }
}
