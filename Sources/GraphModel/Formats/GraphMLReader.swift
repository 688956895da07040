import Foundation
import FoundationXML

/// Reads GraphML with XMLParser: keys, nested graphs (children of a node's inner graph get it as parent),
/// ports (handles), data (CDATA included) and the outermost graph's edgedefault; node keys x, y, z, fx, fy, fz,
/// width, height, label, type, parent and edge keys label, type fill Node and Edge fields, the other keys (and
/// every key whose id starts with "nd.", "ed.", "nj." or "ej.", as forcelab writes data) go to data. An edge id that repeats
/// (networkx numbers a multigraph's edges per pair of nodes) gets a suffix; an edge whose `directed` attribute
/// differs from the graph's edgedefault keeps it as its data field `directed`.
final class GraphMLReader: NSObject, XMLParserDelegate {
    /// A declared key.
    private struct Key {
        let domain: String
        let name: String
        let type: String
        /// Whether the key holds data even when its name is a field's (forcelab's "nd.", "ed.", "nj.", "ej." keys).
        let isData: Bool
        /// Whether the key's values are JSON text (forcelab's "nj." and "ej." keys).
        let isJSON: Bool
    }

    /// What an open data element belongs to.
    private enum Owner {
        case node(String)
        case edge(Int)
        case port(node: String, handle: Int)
        case other
    }

    /// The parser run, the graph being collected and the first error.
    private let input: XMLGraphInput
    /// The declared keys by id.
    private var keys: [String: Key] = [:]
    /// Open node ids, innermost last, for nested graphs.
    private var nodeStack: [String] = []
    /// What the element being read belongs to.
    private var owners: [Owner] = []
    /// The handles whose type came from a handleType key.
    private var typedHandles: Set<String> = []
    /// The open data element's key and text.
    private var openData: (key: String, text: String)?
    /// Whether a <graph> element has started (the first one's edgedefault is the graph's).
    private var sawGraph = false
    /// The key whose declaration is open, for its <default>.
    private var openKey: String?
    /// Whether the open data element is a key's <default>.
    private var openIsDefault = false
    /// Each key's default text, by key id.
    private var defaults: [String: String] = [:]
    /// The data a node or an edge was given: "node id" or "#edge index", a NUL, and the key id.
    private var given: Set<String> = []

    /// A reader for a file name, charging `meter` one unit per element.
    init(file: String, meter: WorkMeter) {
        input = XMLGraphInput(file: file, root: "graphml", meter: meter)
    }

    /// Parses GraphML bytes and returns the graph or throws the first problem.
    func read(_ data: Data) throws -> Graph {
        try input.parse(data, delegate: self)
        applyDefaults()
        inferHandleTypes()
        input.builder.dropsRepeatedEdgeIds = true
        return try input.build()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        guard input.start(name) else { return }
        let place = input.place
        switch XMLText.localName(name) {
        case "key":
            guard let id = attributes["id"] else { return input.fail("<key> without an id") }
            guard keys[id] == nil else { return input.fail("duplicate key id '\(id)'") }
            keys[id] = Key(
                domain: attributes["for"] ?? "all", name: attributes["attr.name"] ?? id,
                type: attributes["attr.type"] ?? "string",
                isData: id.hasPrefix(GraphMLFormat.nodeDataPrefix) || id.hasPrefix(GraphMLFormat.edgeDataPrefix)
                    || DataKeyKind.isPrefixed(keyId: id),
                isJSON: DataKeyKind.isJSON(keyId: id))
            openKey = id
            owners.append(.other)
        case "default":
            guard let key = openKey else { return owners.append(.other) }
            openData = (key, "")
            openIsDefault = true
            owners.append(.other)
        case "graph":
            if nodeStack.isEmpty, !sawGraph { input.builder.directed = attributes["edgedefault"] != "undirected" }
            sawGraph = true
            owners.append(.other)
        case "node":
            guard let id = attributes["id"] else { return input.fail("<node> without an id") }
            do {
                try input.builder.addNode(Node(id: id, parentId: nodeStack.last), at: place)
            } catch {
                return input.fail("duplicate node id '\(id)'")
            }
            nodeStack.append(id)
            owners.append(.node(id))
        case "port":
            guard case .node(let id)? = owners.last, let portName = attributes["name"] else {
                return input.fail("<port> needs a name and must sit in a <node>")
            }
            var index = 0
            input.builder.updateNode(id) { node in
                index = node.handles.count
                node.handles.append(Handle(id: portName, type: .source))
            }
            owners.append(.port(node: id, handle: index))
        case "edge":
            guard let source = attributes["source"], let target = attributes["target"] else {
                return input.fail("<edge> needs a source and a target")
            }
            var edge = Edge(id: attributes["id"] ?? "", source: source, target: target,
                            sourceHandle: attributes["sourceport"], targetHandle: attributes["targetport"])
            if let directed = attributes["directed"], (directed == "true") != input.builder.directed {
                edge.data["directed"] = .bool(directed == "true")
            }
            input.edges.append((edge, place))
            owners.append(.edge(input.edges.count - 1))
        case "data":
            guard let key = attributes["key"] else { return input.fail("<data> without a key") }
            guard keys[key] != nil else { return input.fail("<data> uses undeclared key '\(key)'") }
            openData = (key, "")
            owners.append(.other)
        default:
            owners.append(.other)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        openData?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        openData?.text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        input.parserFailed(parseError)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        input.end()
        guard !owners.isEmpty else { return }
        owners.removeLast()
        let local = XMLText.localName(name)
        if local == "node" { nodeStack.removeLast() }
        if local == "key" { openKey = nil }
        if local == "default", openIsDefault, let open = openData {
            defaults[open.key] = open.text
            openData = nil
            openIsDefault = false
        }
        if local == "data", let open = openData {
            openData = nil
            switch owners.last {
            case .node(let id)?: given.insert(id + "\u{0}" + open.key)
            case .edge(let index)?: given.insert("#\(index)\u{0}" + open.key)
            default: break
            }
            store(open.text, key: keys[open.key]!, in: owners.last)
        }
    }

    /// Stores a data element's text in what it belongs to.
    private func store(_ text: String, key: Key, in owner: Owner?) {
        guard let value = key.isJSON ? DataKeyKind.decode(text) : XMLText.value(text, type: key.type) else {
            return input.fail("'\(text)' is not a valid \(key.isJSON ? "JSON value" : key.type) for key '\(key.name)'")
        }
        switch owner {
        case .node(let id)?:
            var problem: String?
            input.builder.updateNode(id) { node in
                if key.isData { node.data[key.name] = value } else { problem = GraphMLReader.apply(key.name, value, to: &node) }
            }
            if let problem { input.fail("node '\(id)': \(problem)") }
        case .edge(let index)?:
            switch key.isData ? "" : key.name {
            case "label": input.edges[index].edge.label = value.text
            case "type": input.edges[index].edge.type = value.text
            default: input.edges[index].edge.data[key.name] = value
            }
        case .port(let id, let handle)?:
            input.builder.updateNode(id) { node in
                if key.name == "handleType", let type = HandleType(rawValue: value.text) {
                    node.handles[handle].type = type
                    self.typedHandles.insert("\(id)\u{0}\(node.handles[handle].id ?? "")")
                }
                if key.name == "handlePosition" { node.handles[handle].position = HandlePosition(rawValue: value.text) }
            }
        default:
            break
        }
    }

    /// Puts a node key's value in its field; returns a problem when a number field gets something else.
    private static func apply(_ name: String, _ value: DataValue, to node: inout Node) -> String? {
        let numeric: WritableKeyPath<Node, Double?>?
        switch name {
        case "x", "y", "z":
            guard let number = value.number ?? Double(value.text), number.isFinite else {
                return "\(name) must be a finite number"
            }
            if name == "x" { node.position.x = number } else if name == "y" { node.position.y = number }
            else { node.position.z = number }
            return nil
        case "fx": numeric = \.fx
        case "fy": numeric = \.fy
        case "fz": numeric = \.fz
        case "width": numeric = \.width
        case "height": numeric = \.height
        case "label": node.label = value.text; return nil
        case "type": node.type = value.text; return nil
        case "parent": node.parentId = value.text; return nil
        default: node.data[name] = value; return nil
        }
        guard let number = value.number ?? Double(value.text), number.isFinite, let numeric else {
            return "\(name) must be a finite number"
        }
        node[keyPath: numeric] = number
        return nil
    }

    /// Gives each node and edge without data for a key that has a <default> the default, as GraphML says.
    private func applyDefaults() {
        for id in defaults.keys.sorted() {
            let key = keys[id]!, text = defaults[id]!
            if key.domain == "node" || key.domain == "all" {
                for node in input.builder.nodes where !given.contains(node.id + "\u{0}" + id) {
                    store(text, key: key, in: .node(node.id))
                }
            }
            if key.domain == "edge" || key.domain == "all" {
                for index in input.edges.indices where !given.contains("#\(index)\u{0}" + id) {
                    store(text, key: key, in: .edge(index))
                }
            }
        }
    }

    /// Ports without a handleType key become target handles when an edge arrives at them.
    private func inferHandleTypes() {
        var arriving: Set<String> = []
        for (edge, _) in input.edges { if let port = edge.targetHandle { arriving.insert("\(edge.target)\u{0}\(port)") } }
        for node in input.builder.nodes where !node.handles.isEmpty {
            input.builder.updateNode(node.id) { node in
                for index in node.handles.indices {
                    let key = "\(node.id)\u{0}\(node.handles[index].id ?? "")"
                    if !typedHandles.contains(key), arriving.contains(key) { node.handles[index].type = .target }
                }
            }
        }
    }
}
