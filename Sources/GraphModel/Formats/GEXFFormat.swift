import Foundation

/// GEXF 1.3: node data as declared attributes, labels, parents (pid), positions (viz:position), edge weights and
/// directedness (defaultedgetype).
/// A node whose width equals its height gets it as viz:size; handles, fixed coordinates, types and other sizes are
/// not part of GEXF (FormatLimits refuses them).
enum GEXFFormat {
    /// Reads GEXF bytes, charging `meter` one unit per element.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        try GEXFReader(file: file, meter: meter).read(data)
    }

    /// Writes a graph as GEXF 1.3.
    static func write(_ graph: Graph) throws -> String {
        let content = try XMLGraphData(graph, format: "GEXF") { key, value in !(key == "weight" && value.number != nil) }
        var text = XMLGraphData.declaration
        text += "<gexf xmlns=\"http://gexf.net/1.3\" xmlns:viz=\"http://gexf.net/1.3/viz\" version=\"1.3\">\n"
        text += "  <graph defaultedgetype=\"\(graph.directed ? "directed" : "undirected")\" mode=\"static\">\n"
        for (domain, kinds) in [("node", content.nodeKinds), ("edge", content.edgeKinds)] where !kinds.isEmpty {
            text += "    <attributes class=\"\(domain)\">\n"
            for name in kinds.keys.sorted() {
                let id = attributeId(name, kinds[name]!, node: domain == "node")
                text += "      <attribute id=\"\(XMLText.escape(id))\" title=\"\(XMLText.escape(name))\""
                text += " type=\"\(kinds[name]!.typeName)\"/>\n"
            }
            text += "    </attributes>\n"
        }
        text += "    <nodes>\n"
        for node in content.nodes {
            text += "      <node id=\"\(XMLText.escape(node.id))\""
            if let label = node.label { text += " label=\"\(XMLText.escape(label))\"" }
            if let parent = node.parentId { text += " pid=\"\(XMLText.escape(parent))\"" }
            text += ">\n"
            text += attributeValues(node.data, kinds: content.nodeKinds, node: true)
            if let size = node.width, node.height == size { text += "        <viz:size value=\"\(NumberText.format(size))\"/>\n" }
            if node.position.isPlaced {
                text += "        <viz:position x=\"\(NumberText.format(node.position.x))\""
                text += " y=\"\(NumberText.format(node.position.y))\""
                if let z = node.position.z { text += " z=\"\(NumberText.format(z))\"" }
                text += "/>\n"
            }
            text += "      </node>\n"
        }
        text += "    </nodes>\n    <edges>\n"
        for edge in content.edges {
            text += "      <edge id=\"\(XMLText.escape(edge.id))\" source=\"\(XMLText.escape(edge.source))\""
            text += " target=\"\(XMLText.escape(edge.target))\""
            if let weight = edge.data["weight"]?.number { text += " weight=\"\(NumberText.format(weight))\"" }
            if let label = edge.label { text += " label=\"\(XMLText.escape(label))\"" }
            text += ">\n" + attributeValues(edge.data, kinds: content.edgeKinds, node: false) + "      </edge>\n"
        }
        text += "    </edges>\n  </graph>\n</gexf>\n"
        return text
    }

    /// The id of the attribute of a data field: its name, or for JSON text its name after "nj." or "ej." (a name
    /// that itself starts so gets "nd." or "ed." before it, so it is not taken for JSON text).
    private static func attributeId(_ name: String, _ kind: DataKeyKind, node: Bool) -> String {
        if kind == .json { return (node ? DataKeyKind.nodeJSONPrefix : DataKeyKind.edgeJSONPrefix) + name }
        guard DataKeyKind.isJSON(keyId: name) else { return name }
        return (node ? GraphMLFormat.nodeDataPrefix : GraphMLFormat.edgeDataPrefix) + name
    }

    /// The <attvalues> block of a node's or edge's data (empty when there is nothing to write); an edge's numeric
    /// weight is its `weight` attribute instead.
    private static func attributeValues(_ data: [String: DataValue], kinds: [String: DataKeyKind], node: Bool) -> String {
        let names = data.keys.sorted().filter { node || !($0 == "weight" && data[$0]!.number != nil) }
        guard !names.isEmpty else { return "" }
        var text = "        <attvalues>\n"
        for name in names {
            let kind = kinds[name]!
            text += "          <attvalue for=\"\(XMLText.escape(attributeId(name, kind, node: node)))\""
            text += " value=\"\(XMLText.escape(kind.text(of: data[name]!)))\"/>\n"
        }
        return text + "        </attvalues>\n"
    }
}
