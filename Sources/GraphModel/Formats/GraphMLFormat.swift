import Foundation

/// GraphML: nodes, edges, ports as handles and typed data keys (see GraphMLReader for the key names it maps).
/// Parents are written as a `parent` key (nested graphs are read too); data as keys of its own (see DataKeyKind);
/// directedness as the graph's edgedefault.
enum GraphMLFormat {
    /// Node keys that fill Node fields rather than data, with their GraphML types.
    static let nodeFields: [(name: String, type: String)] = [
        ("x", "double"), ("y", "double"), ("z", "double"), ("fx", "double"), ("fy", "double"), ("fz", "double"),
        ("width", "double"), ("height", "double"), ("label", "string"), ("type", "string"), ("parent", "string"),
    ]
    /// Edge keys that fill Edge fields rather than data.
    static let edgeFields = ["label", "type"]

    /// Reads GraphML bytes, charging `meter` one unit per element.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        try GraphMLReader(file: file, meter: meter).read(data)
    }

    /// The start of the id of a key holding node data ("nd.label"), kept apart from the field keys ("n.label").
    static let nodeDataPrefix = "nd."
    /// The start of the id of a key holding edge data.
    static let edgeDataPrefix = "ed."

    /// Writes a graph as GraphML; data fields get keys of their own, whatever their names.
    static func write(_ graph: Graph) throws -> String {
        let content = try XMLGraphData(graph, format: "GraphML")
        var text = XMLGraphData.declaration
        text += "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
        func key(_ id: String, _ domain: String, _ name: String, _ type: String) {
            text += "  <key id=\"\(XMLText.escape(id))\" for=\"\(domain)\" attr.name=\"\(XMLText.escape(name))\""
            text += " attr.type=\"\(type)\"/>\n"
        }
        for field in nodeFields { key("n.\(field.name)", "node", field.name, field.type) }
        for name in edgeFields { key("e.\(name)", "edge", name, "string") }
        key("p.handleType", "port", "handleType", "string")
        key("p.handlePosition", "port", "handlePosition", "string")
        for (domain, kinds) in [("node", content.nodeKinds), ("edge", content.edgeKinds)] {
            for (name, kind) in kinds.sorted(by: { $0.key < $1.key }) {
                key(keyId(name, kind, node: domain == "node"), domain, name, kind.typeName)
                if kind == .numbers { key(keyId(name, .integer, node: domain == "node", integerHalf: true), domain, name, "long") }
            }
        }
        text += "  <graph id=\"G\" edgedefault=\"\(graph.directed ? "directed" : "undirected")\">\n"
        for node in content.nodes { text += element(for: node, kinds: content.nodeKinds) }
        for (index, edge) in content.edges.enumerated() {
            text += element(for: edge, id: GraphBuilder.readingGives(edge.id, toEdgeAt: index, of: graph) ? nil : edge.id,
                            kinds: content.edgeKinds)
        }
        text += "  </graph>\n</graphml>\n"
        return text
    }

    /// The id of the key of a data field of a kind.
    private static func keyId(_ name: String, _ kind: DataKeyKind, node: Bool, integerHalf: Bool = false) -> String {
        if integerHalf { return (node ? DataKeyKind.nodeIntegerPrefix : DataKeyKind.edgeIntegerPrefix) + name }
        switch (kind == .json, node) {
        case (true, true): return DataKeyKind.nodeJSONPrefix + name
        case (true, false): return DataKeyKind.edgeJSONPrefix + name
        case (false, true): return nodeDataPrefix + name
        case (false, false): return edgeDataPrefix + name
        }
    }

    /// A data element.
    private static func data(_ key: String, _ value: String) -> String {
        "      <data key=\"\(XMLText.escape(key))\">\(XMLText.escape(value))</data>\n"
    }

    /// The data elements of a node's (`node`) or an edge's data fields, in name order.
    private static func dataElements(_ fields: [String: DataValue], kinds: [String: DataKeyKind], node: Bool) -> String {
        fields.keys.sorted().map { name in
            let kind = kinds[name]!, value = fields[name]!
            return data(keyId(name, kind, node: node, integerHalf: kind.usesIntegerKey(value)), kind.text(of: value))
        }.joined()
    }

    /// The <node> element of a node.
    private static func element(for node: Node, kinds: [String: DataKeyKind]) -> String {
        var text = "    <node id=\"\(XMLText.escape(node.id))\">\n"
        for handle in node.handles {
            guard let id = handle.id else { continue }
            text += "      <port name=\"\(XMLText.escape(id))\">"
            text += "<data key=\"p.handleType\">\(handle.type.rawValue)</data>"
            if let side = handle.position { text += "<data key=\"p.handlePosition\">\(side.rawValue)</data>" }
            text += "</port>\n"
        }
        let numbers: [(String, Double?)] = [
            ("x", node.position.x), ("y", node.position.y), ("z", node.position.z), ("fx", node.fx), ("fy", node.fy),
            ("fz", node.fz), ("width", node.width), ("height", node.height),
        ]
        for case let (name, value?) in numbers where !value.isNaN {
            text += data("n.\(name)", NumberText.format(value))
        }
        if let label = node.label { text += data("n.label", label) }
        if let type = node.type { text += data("n.type", type) }
        if let parent = node.parentId { text += data("n.parent", parent) }
        text += dataElements(node.data, kinds: kinds, node: true)
        return text + "    </node>\n"
    }

    /// The <edge> element of an edge, with an `id` attribute unless `id` is nil (an id reading gives back by itself,
    /// which networkx would take for data or a multigraph key).
    private static func element(for edge: Edge, id: String?, kinds: [String: DataKeyKind]) -> String {
        var text = "    <edge" + (id.map { " id=\"\(XMLText.escape($0))\"" } ?? "") + " source=\"\(XMLText.escape(edge.source))\""
        text += " target=\"\(XMLText.escape(edge.target))\""
        if let port = edge.sourceHandle { text += " sourceport=\"\(XMLText.escape(port))\"" }
        if let port = edge.targetHandle { text += " targetport=\"\(XMLText.escape(port))\"" }
        text += ">\n"
        if let label = edge.label { text += data("e.label", label) }
        if let type = edge.type { text += data("e.type", type) }
        text += dataElements(edge.data, kinds: kinds, node: false)
        return text + "    </edge>\n"
    }
}
