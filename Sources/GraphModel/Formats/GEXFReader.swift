import Foundation
import FoundationXML

/// Reads GEXF (1.2/1.3) with XMLParser: attribute declarations and values (data), label, pid and nested nodes
/// (parents), viz:position (position) and viz:size (width and height), edge weight (data.weight) and label.
final class GEXFReader: NSObject, XMLParserDelegate {
    /// The collected graph.
    private(set) var builder: GraphBuilder
    /// The first error met.
    private(set) var failure: GraphFileError?
    /// Declared attributes by class ("node" or "edge") and id: title and type.
    private var attributes: [String: [String: (title: String, type: String)]] = [:]
    /// The class of the <attributes> block being read.
    private var attributeClass = "node"
    /// Open node ids, innermost last, for nested nodes.
    private var nodeStack: [String] = []
    /// Whether the innermost open element of interest is an edge.
    private var inEdge = false
    /// The edges read so far.
    private var edges: [(edge: Edge, line: Int)] = []
    /// The parser, for line numbers.
    private weak var parser: XMLParser?

    /// A reader for a file name.
    init(file: String) {
        builder = GraphBuilder(file: file)
    }

    /// Parses GEXF bytes and returns the graph or throws the first problem.
    func read(_ data: Data) throws -> Graph {
        let parser = XMLParser(data: data)
        self.parser = parser
        parser.delegate = self
        parser.parse()
        if let failure { throw failure }
        if let failure = XMLText.parserFailure(parser, file: builder.file) { throw failure }
        for (edge, line) in edges { builder.addEdge(edge, at: line) }
        return try builder.build()
    }

    /// Records the first error and stops.
    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = GraphFileError(
            file: builder.file, line: parser?.lineNumber, column: parser?.columnNumber, message: message)
        parser?.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes fields: [String: String]
    ) {
        switch XMLText.localName(name) {
        case "attributes":
            attributeClass = fields["class"] ?? "node"
        case "attribute":
            guard let id = fields["id"] else { return fail("<attribute> without an id") }
            attributes[attributeClass, default: [:]][id] = (fields["title"] ?? id, fields["type"] ?? "string")
        case "node":
            guard let id = fields["id"] else { return fail("<node> without an id") }
            do {
                try builder.addNode(
                    Node(id: id, parentId: fields["pid"] ?? nodeStack.last, label: fields["label"]),
                    at: parser.lineNumber)
            } catch {
                return fail("duplicate node id '\(id)'")
            }
            nodeStack.append(id)
        case "edge":
            guard let source = fields["source"], let target = fields["target"] else {
                return fail("<edge> needs a source and a target")
            }
            var edge = Edge(id: fields["id"] ?? "", source: source, target: target, label: fields["label"])
            if let weight = fields["weight"] {
                guard let number = Double(weight) else { return fail("edge weight '\(weight)' is not a number") }
                edge.data["weight"] = .number(number)
            }
            edges.append((edge, parser.lineNumber))
            inEdge = true
        case "attvalue":
            attributeValue(fields)
        case "position":
            guard let id = nodeStack.last, !inEdge else { return }
            let numbers = ["x", "y", "z"].map { fields[$0].map { Double($0) } }
            guard !numbers.contains(where: { $0 == .some(nil) }) else { return fail("<viz:position> needs numbers") }
            builder.updateNode(id) { node in
                node.position = Point(x: numbers[0]?.flatMap { $0 } ?? .nan, y: numbers[1]?.flatMap { $0 } ?? .nan,
                                      z: numbers[2]?.flatMap { $0 })
            }
        case "size":
            guard let id = nodeStack.last, !inEdge, let text = fields["value"] else { return }
            guard let size = Double(text) else { return fail("<viz:size> value '\(text)' is not a number") }
            builder.updateNode(id) { node in
                node.width = size
                node.height = size
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch XMLText.localName(name) {
        case "node": nodeStack.removeLast()
        case "edge": inEdge = false
        default: break
        }
    }

    /// Stores an <attvalue> in the open edge or node.
    private func attributeValue(_ fields: [String: String]) {
        let domain = inEdge ? "edge" : "node"
        guard let key = fields["for"] ?? fields["id"], let text = fields["value"] else {
            return fail("<attvalue> needs for and value")
        }
        guard let declared = attributes[domain]?[key] else { return fail("\(domain) attribute '\(key)' is not declared") }
        guard let value = XMLText.value(text, type: declared.type) else {
            return fail("'\(text)' is not a valid \(declared.type) for attribute '\(declared.title)'")
        }
        if inEdge {
            edges[edges.count - 1].edge.data[declared.title] = value
        } else if let id = nodeStack.last {
            builder.updateNode(id) { $0.data[declared.title] = value }
        }
    }
}
