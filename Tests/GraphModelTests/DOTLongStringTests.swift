import Foundation
import Testing
@testable import GraphModel

/// Long quoted strings in DOT: handed to cgraph's lexer in cut runs (time linear in their length), read back byte
/// for byte, with the file's own line numbers in errors and the limits checked between the cuts.

@Test func longStringsWithEscapesAndNewlinesReadBackByteForByte() throws {
    var id = ""
    for i in 0..<3000 { id += i % 7 == 0 ? "é\"\\q\n" : "abcdefghij" }
    let graph = Graph()
    try graph.addNode(Node(id: id, label: String(repeating: "ω", count: 9000)))
    try graph.addNode(Node(id: "b"))
    try graph.addEdge(Edge(id: "e", source: id, target: "b"))
    let text = try DOTFormat.write(graph)
    #expect(text.utf8.count > 3 * DOTInput.runLimit)
    let back = try Graph.load(string: text, format: .dot)
    #expect(back.node(id)?.label == String(repeating: "ω", count: 9000))
    #expect(back.edges.first.map { ($0.source, $0.target) } ?? ("", "") == (id, "b"))
}

@Test func anErrorAfterALongStringNamesTheFilesLine() throws {
    let long = String(repeating: "x", count: 5 * DOTInput.runLimit)
    let text = "graph {\n  \"\(long)\";\n  a -- ;\n}\n"
    #expect(throws: GraphFileError.self) { try Graph.load(string: text, format: .dot) }
    do {
        _ = try Graph.load(string: text, format: .dot)
    } catch let error as GraphFileError {
        #expect(error.line == 3, "\(error)")
        // The place leads the message (file:3:), so cgraph's own "in line 3" is not said again.
        #expect(!error.message.contains("line"), "\(error)")
    }
}

@Test func aLongStringIsChargedToTheMeterCutByCut() throws {
    let text = "graph { \"" + String(repeating: "y", count: 64 * DOTInput.runLimit) + "\" }"
    var charged = 0
    _ = try Graph.load(data: Data(text.utf8), format: .dot) { charged += $0 }
    #expect(charged >= 64)
    }
