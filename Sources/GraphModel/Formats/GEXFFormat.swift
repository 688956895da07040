import Foundation

/// GEXF 1.2 (the version networkx and Gephi both read): node data as declared attributes, labels, parents (pid), positions (viz:position), edge weights and
/// directedness (defaultedgetype).
/// A node whose width equals its height gets it as viz:size; handles, fixed coordinates, types and other sizes are
/// not part of GEXF (FormatLimits refuses them).
enum GEXFFormat {
    /// Reads GEXF bytes, charging `meter` one unit per element.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        try GEXFReader(file: file, meter: meter).read(data)
    }

    /// Writes a graph as GEXF 1.2.
    static func write(_ graph: Graph) throws -> String {
        let content = try XMLGraphData(graph, format: "GEXF") { key, value in !(key == "weight" && value.number != nil) }
        var text = XMLGraphData.declaration
        text += "<gexf xmlns=\"http://www.gexf.net/1.2draft\" xmlns:viz=\"http://www.gexf.net/1.2draft/viz\" version=\"1.2\">\n"
        text += "  <graph defaultedgetype=\"\(graph.directed ? "directed" : "undirected")\" mode=\"static\">\n"
        for (domain, kinds) in [("node", content.nodeKinds), ("edge", content.edgeKinds)] where !kinds.isEmpty {
            text += "    <attributes class=\"\(domain)\">\n"
            for name in kinds.keys.sorted() {
                let kind = kinds[name]!, node = domain == "node"
                for (id, type) in [(attributeId(name, kind, node: node), kind.typeName)]
                    + (kind == .numbers ? [(attributeId(name, kind, node: node, integerHalf: true), "long")] : []) {
                    text += "      <attribute id=\"\(XMLText.escape(id))\" title=\"\(XMLText.escape(name))\""
                    text += " type=\"\(type)\"/>\n"
                }
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
        for (index, edge) in content.edges.enumerated() {
            text += "      <edge"
            if !GraphBuilder.readingGives(edge.id, toEdgeAt: index, of: graph) { text += " id=\"\(XMLText.escape(edge.id))\"" }
            text += " source=\"\(XMLText.escape(edge.source))\""
            text += " target=\"\(XMLText.escape(edge.target))\""
            if let weight = edge.data["weight"], weight.number != nil { text += " weight=\"\(NumberText.text(of: weight))\"" }
            if let label = edge.label { text += " label=\"\(XMLText.escape(label))\"" }
            text += ">\n" + attributeValues(edge.data, kinds: content.edgeKinds, node: false) + "      </edge>\n"
        }
        text += "    </edges>\n  </graph>\n</gexf>\n"
        return text
    }

    /// The id of the attribute of a data field: its name, or for JSON text its name after "nj." or "ej." (a name
    /// that itself starts so gets "nd." or "ed." before it, so it is not taken for JSON text).
    private static func attributeId(_ name: String, _ kind: DataKeyKind, node: Bool, integerHalf: Bool = false) -> String {
        if kind == .json { return (node ? DataKeyKind.nodeJSONPrefix : DataKeyKind.edgeJSONPrefix) + name }
        if integerHalf { return (node ? DataKeyKind.nodeIntegerPrefix : DataKeyKind.edgeIntegerPrefix) + name }
        guard DataKeyKind.isPrefixed(keyId: name) else { return name }
        return (node ? GraphMLFormat.nodeDataPrefix : GraphMLFormat.edgeDataPrefix) + name
    }

    /// The <attvalues> block of a node's or edge's data (empty when there is nothing to write); an edge's numeric
    /// weight is its `weight` attribute instead.
    private static func attributeValues(_ data: [String: DataValue], kinds: [String: DataKeyKind], node: Bool) -> String {
        let names = data.keys.sorted().filter { node || !($0 == "weight" && data[$0]!.number != nil) }
        guard !names.isEmpty else { return "" }
        var text = "        <attvalues>\n"
        for name in names {
            let kind = kinds[name]!, value = data[name]!
            let id = attributeId(name, kind, node: node, integerHalf: kind.usesIntegerKey(value))
            text += "          <attvalue for=\"\(XMLText.escape(id))\" value=\"\(XMLText.escape(kind.text(of: value)))\"/>\n"
        }
        return text + "        </attvalues>\n"
    }
}
