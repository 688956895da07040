import Foundation
import FoundationXML

/// Reads GEXF (1.2/1.3) with XMLParser: attribute declarations and values (data), label, pid and nested nodes
/// (parents), viz:position (position) and viz:size (width and height), edge weight (data.weight) and label, and
/// the graph's defaultedgetype (undirected when absent, as GEXF says); an edge whose type differs from it keeps it as
/// its data field `directed`.
final class GEXFReader: NSObject, XMLParserDelegate {
    /// The parser run, the graph being collected and the first error.
    private let input: XMLGraphInput
    /// Declared attributes by class ("node" or "edge") and id: title and type.
    private var attributes: [String: [String: (title: String, type: String)]] = [:]
    /// The class of the <attributes> block being read.
    private var attributeClass = "node"
    /// Open node ids, innermost last, for nested nodes.
    private var nodeStack: [String] = []
    /// Whether the innermost open element of interest is an edge.
    private var inEdge = false

    /// A reader for a file name, charging `meter` one unit per element.
    init(file: String, meter: WorkMeter) {
        input = XMLGraphInput(file: file, root: "gexf", meter: meter)
    }

    /// Parses GEXF bytes and returns the graph or throws the first problem.
    func read(_ data: Data) throws -> Graph {
        try input.parse(data, delegate: self)
        return try input.build()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes fields: [String: String]
    ) {
        guard input.start(name) else { return }
        switch XMLText.localName(name) {
        case "graph":
            input.builder.directed = fields["defaultedgetype"] == "directed"
        case "attributes":
            attributeClass = fields["class"] ?? "node"
        case "attribute":
            guard let id = fields["id"] else { return input.fail("<attribute> without an id") }
            attributes[attributeClass, default: [:]][id] = (fields["title"] ?? id, fields["type"] ?? "string")
        case "node":
            guard let id = fields["id"] else { return input.fail("<node> without an id") }
            do {
                try input.builder.addNode(
                    Node(id: id, parentId: fields["pid"] ?? nodeStack.last, label: fields["label"]),
                    at: input.place)
            } catch {
                return input.fail("duplicate node id '\(id)'")
            }
            nodeStack.append(id)
        case "edge":
            guard let source = fields["source"], let target = fields["target"] else {
                return input.fail("<edge> needs a source and a target")
            }
            var edge = Edge(id: fields["id"] ?? "", source: source, target: target, label: fields["label"])
            if let weight = fields["weight"] {
                guard let number = XMLText.value(weight, type: NumberText.integer(weight) == nil ? "double" : "long"),
                      number.number?.isFinite == true
                else { return input.fail("edge weight '\(weight)' is not a number") }
                edge.data["weight"] = number
            }
            // An edge whose type differs from the graph's keeps it as data (mutual edges go both ways).
            if let type = fields["type"], (type == "directed") != input.builder.directed {
                edge.data["directed"] = .bool(type == "directed")
            }
            input.edges.append((edge, input.place))
            inEdge = true
        case "attvalue":
            attributeValue(fields)
        case "position":
            guard let id = nodeStack.last, !inEdge else { return }
            let numbers = ["x", "y", "z"].map { fields[$0].map { Double($0) } }
            guard !numbers.contains(where: { $0 == .some(nil) || $0??.isFinite == false }) else {
                return input.fail("<viz:position> needs finite numbers")
            }
            input.builder.updateNode(id) { node in
                node.position = Point(x: numbers[0]?.flatMap { $0 } ?? .nan, y: numbers[1]?.flatMap { $0 } ?? .nan,
                                      z: numbers[2]?.flatMap { $0 })
            }
        case "size":
            guard let id = nodeStack.last, !inEdge, let text = fields["value"] else { return }
            guard let size = Double(text), size.isFinite else {
                return input.fail("<viz:size> value '\(text)' is not a finite number")
            }
            input.builder.updateNode(id) { node in
                node.width = size
                node.height = size
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        input.parserFailed(parseError)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        input.end()
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
            return input.fail("<attvalue> needs for and value")
        }
        guard let declared = attributes[domain]?[key] else { return input.fail("\(domain) attribute '\(key)' is not declared") }
        let isJSON = DataKeyKind.isJSON(keyId: key)
        guard let value = isJSON ? DataKeyKind.decode(text) : XMLText.value(text, type: declared.type) else {
            let type = isJSON ? "JSON value" : declared.type
            return input.fail("'\(text)' is not a valid \(type) for attribute '\(declared.title)'")
        }
        if inEdge {
            input.edges[input.edges.count - 1].edge.data[declared.title] = value
        } else if let id = nodeStack.last {
            input.builder.updateNode(id) { $0.data[declared.title] = value }
        }
    }
}
