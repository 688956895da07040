import Foundation

/// d3's {nodes, links} JSON, as networkx's node-link data also is (its `edges` key read as `links`, its `directed`
/// and `multigraph` read and written, see NodeLinkStyle). Nodes carry id, x, y, z, fx, fy, fz and their data fields flattened; links carry id, source
/// and target (by id, or by index when no node has that id, or as a node object) and data fields. A data field
/// named like a record's own key (or `data`) is written inside a `data` object, whose fields reading puts back in
/// data. Ids given as JSON arrays (networkx's tuples) become their JSON text. Other node and edge fields
/// (parents, handles, labels) belong to React Flow JSON and are not written.
enum D3Format {
    /// Node keys that are not data.
    static let nodeKeys: Set<String> = ["id", "x", "y", "z", "fx", "fy", "fz"]
    /// Link keys that are not data.
    static let linkKeys: Set<String> = ["id", "source", "target"]
    /// The key whose object holds the data fields that cannot sit beside a record's own keys.
    static let dataKey = "data"

    /// Reads a d3 document from its root object, charging `meter` one unit per node and link.
    static func read(_ root: JSONObject, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(
            file: file, nodePlace: { .init(label: "nodes[\($0)]") }, edgePlace: { .init(label: "links[\($0)]") })
        builder.directed = try root.bool("directed") ?? true
        var style = NodeLinkStyle()
        style.multigraph = try root.bool("multigraph") ?? false
        var nodes = try root.list("nodes", name: "nodes")
        builder.reserve(nodes: nodes?.count ?? 0)
        // Whether each node's id is its index as text, so that a link end naming that index needs no lookup.
        var idIsIndex: [Bool] = []
        idIsIndex.reserveCapacity(nodes?.count ?? 0)
        var integerIds = true
        while let (index, object) = try nodes?.nextObject() {
            try meter.charge()
            let given = try object.value("id")
            if case .integer? = given {} else { integerIds = false }
            var node = Node(id: try id(given, at: object.path) ?? String(index), data: try data(object, nodeKeys))
            node.position = Point(
                x: try object.number("x") ?? .nan, y: try object.number("y") ?? .nan, z: try object.number("z"))
            node.fx = try object.number("fx")
            node.fy = try object.number("fy")
            node.fz = try object.number("fz")
            idIsIndex.append(node.id == String(index))
            try builder.addNode(node, at: index)
        }
        let linksKey = root.has("links") || !root.has("edges") ? "links" : "edges"
        style.edgesKey = linksKey
        style.integerIds = integerIds && builder.nodes.count > 0
        var links = try root.list(linksKey, name: linksKey)
        builder.reserve(edges: links?.count ?? 0)
        while let (index, object) = try links?.nextObject() {
            try meter.charge()
            let id = try Self.id(object.value("id"), at: object.path) ?? ""
            let source = try endpoint(object, "source", builder: builder, idIsIndex: idIsIndex)
            let target = try endpoint(object, "target", builder: builder, idIsIndex: idIsIndex)
            let edge = Edge(id: id, source: source.id, target: target.id, data: try data(object, linkKeys))
            builder.addEdge(edge, at: index, ends: (source.index, target.index))
        }
        let graph = try builder.build()
        graph.nodeLinkStyle = style
        return graph
    }

    /// A record's data: its fields other than `own`, with the fields of a `data` object in place of it.
    private static func data(_ object: JSONObject, _ own: Set<String>) throws -> [String: DataValue] {
        var data = try object.rest(excluding: own)
        if case .object(let nested)? = data[dataKey] {
            data[dataKey] = nil
            data.merge(nested) { _, inner in inner }
        }
        return data
    }

    /// An id: a string, a number as its text, or an array (networkx's tuple) as its JSON text; nil when absent.
    private static func id(_ value: DataValue?, at path: String) throws -> String? {
        guard case .array? = value else { return try JSONObject.text(value, at: path + ".id") }
        var writer = JSONWriter()
        writer.value(value!)
        return writer.text
    }

    /// A link end: an id, an index when no node has that id, or a node object with an id. Gives the node id, and
    /// the node's index when it is known without a lookup (-1 otherwise).
    private static func endpoint(
        _ link: JSONObject, _ key: String, builder: GraphBuilder, idIsIndex: [Bool]
    ) throws -> (id: String, index: Int) {
        var value = try link.value(key)
        if case .number(let number)? = value, let whole = Int(exactly: number) { value = .integer(whole) }
        switch value {
        case .integer(let index)?:
            let text = String(index)
            guard index >= 0 && index < builder.nodes.count else { return (text, -1) }
            // When the node at that index has the number as its id, both readings agree.
            if idIsIndex[index] { return (text, index) }
            return builder.hasNode(text) ? (text, -1) : (builder.nodes[index].id, index)
        case .string(let text)?:
            return (text, -1)
        case .array?:
            return (try id(link.value(key), at: "\(link.path).\(key)")!, -1)
        case .object(let fields)?:
            guard let id = try JSONObject.text(fields["id"], at: "\(link.path).\(key).id") else {
                throw GraphError("\(link.path).\(key) has no id")
            }
            return (id, -1)
        default:
            break
        }
        guard let text = try link.string(key) else { throw GraphError("\(link.path) has no \(key)") }
        if !builder.hasNode(text), let index = Int(text), index >= 0, index < builder.nodes.count {
            return (builder.nodes[index].id, index)
        }
        return (text, -1)
    }

    /// Writes a graph as d3 JSON, stating `directed` and `multigraph` as networkx's node-link data does, with the
    /// edge list under the key the graph was read with (`links` by default). An edge id reading gives back by
    /// itself is left out, as are integer node ids' quotes when the file read had integer ids.
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.checkNumbers(graph, format: "JSON")
        let nodes = graph.nodes
        let edges = graph.edges
        let style = graph.nodeLinkStyle
        let nodeId = { (id: String) -> DataValue in
            if style.integerIds, let integer = NumberText.integer(id), String(integer) == id { return .integer(integer) }
            return .string(id)
        }
        var writer = JSONWriter()
        writer.raw("{\n")
        writer.raw("  \"directed\": \(graph.directed),\n")
        writer.raw("  \"multigraph\": \(style.multigraph || graph.hasParallelEdges),\n")
        writer.list(style.edgesKey, Array(edges.enumerated()), last: false) { writer, item in
            let (index, edge) = item
            let (data, own) = split(edge.data, ownKeys: linkKeys)
            var fields: [(key: String, value: DataValue)] = [("source", nodeId(edge.source)), ("target", nodeId(edge.target))]
            if !GraphBuilder.readingGives(edge.id, toEdgeAt: index, of: graph) {
                fields.insert(("id", .string(edge.id)), at: 0)
            }
            writer.object(data, own: own.isEmpty ? fields : (own + fields).sorted { $0.key < $1.key })
        }
        writer.list("nodes", nodes, last: true) { writer, node in
            var own: [(key: String, value: DataValue)] = []
            if let fx = node.fx { own.append(("fx", .coordinate(fx))) }
            if let fy = node.fy { own.append(("fy", .coordinate(fy))) }
            if let fz = node.fz { own.append(("fz", .coordinate(fz))) }
            own.append(("id", nodeId(node.id)))
            if !node.position.x.isNaN { own.append(("x", .coordinate(node.position.x))) }
            if !node.position.y.isNaN { own.append(("y", .coordinate(node.position.y))) }
            if let z = node.position.z, !z.isNaN { own.append(("z", .coordinate(z))) }
            let (data, nested) = split(node.data, ownKeys: nodeKeys)
            writer.object(data, own: nested.isEmpty ? own : (own + nested).sorted { $0.key < $1.key })
        }
        writer.raw("}\n")
        return writer.text
    }

    /// Data fields that can sit beside a record's own keys, and the `data` entry holding the others (none when
    /// there are none).
    private static func split(
        _ data: [String: DataValue], ownKeys: Set<String>
    ) -> (flat: [String: DataValue], own: [(key: String, value: DataValue)]) {
        guard data.keys.contains(where: { ownKeys.contains($0) || $0 == dataKey }) else { return (data, []) }
        let apart = data.filter { ownKeys.contains($0.key) || $0.key == dataKey }
        return (data.filter { apart[$0.key] == nil }, [(dataKey, .object(apart))])
    }
}
