import Foundation

/// d3's {nodes, links} JSON. Nodes carry id, x, y, z, fx, fy, fz and their data fields flattened; links carry
/// id, source and target (by id, or by index when no node has that id, or as a node object) and data fields.
/// Other node and edge fields (parents, handles, labels) belong to React Flow JSON and are not written.
enum D3Format {
    /// Node keys that are not data.
    static let nodeKeys: Set<String> = ["id", "x", "y", "z", "fx", "fy", "fz"]
    /// Link keys that are not data.
    static let linkKeys: Set<String> = ["id", "source", "target"]
    /// The node keys in the order a clash is reported.
    private static let nodeKeyOrder = nodeKeys.sorted()
    /// The link keys in the order a clash is reported.
    private static let linkKeyOrder = linkKeys.sorted()

    /// Reads a d3 document from its root object.
    static func read(_ root: JSONObject, file: String) throws -> Graph {
        var builder = GraphBuilder(
            file: file, nodePlace: { .init(label: "nodes[\($0)]") }, edgePlace: { .init(label: "links[\($0)]") })
        var nodes = try root.list("nodes", name: "nodes")
        builder.reserve(nodes: nodes?.count ?? 0)
        // Whether each node's id is its index as text, so that a link end naming that index needs no lookup.
        var idIsIndex: [Bool] = []
        idIsIndex.reserveCapacity(nodes?.count ?? 0)
        while let (index, object) = try nodes?.nextObject() {
            var node = Node(id: try object.string("id") ?? String(index), data: try object.rest(excluding: nodeKeys))
            node.position = Point(
                x: try object.number("x") ?? .nan, y: try object.number("y") ?? .nan, z: try object.number("z"))
            node.fx = try object.number("fx")
            node.fy = try object.number("fy")
            node.fz = try object.number("fz")
            idIsIndex.append(node.id == String(index))
            try builder.addNode(node, at: index)
        }
        var links = try root.list("links", name: "links")
        builder.reserve(edges: links?.count ?? 0)
        while let (index, object) = try links?.nextObject() {
            let id = try object.string("id") ?? ""
            let source = try endpoint(object, "source", builder: builder, idIsIndex: idIsIndex)
            let target = try endpoint(object, "target", builder: builder, idIsIndex: idIsIndex)
            let edge = Edge(id: id, source: source.id, target: target.id, data: try object.rest(excluding: linkKeys))
            builder.addEdge(edge, at: index, ends: (source.index, target.index))
        }
        return try builder.build()
    }

    /// A link end: an id, an index when no node has that id, or a node object with an id. Gives the node id, and
    /// the node's index when it is known without a lookup (-1 otherwise).
    private static func endpoint(
        _ link: JSONObject, _ key: String, builder: GraphBuilder, idIsIndex: [Bool]
    ) throws -> (id: String, index: Int) {
        switch try link.value(key) {
        case .number(let number)?:
            if let index = Int(exactly: number) {
                let text = String(index)
                guard index >= 0 && index < builder.nodes.count else { return (text, -1) }
                // When the node at that index has the number as its id, both readings agree.
                if idIsIndex[index] { return (text, index) }
                return builder.hasNode(text) ? (text, -1) : (builder.nodes[index].id, index)
            }
        case .string(let text)?:
            return (text, -1)
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

    /// Writes a graph as d3 JSON.
    static func write(_ graph: Graph) throws -> String {
        let nodes = graph.nodes
        for node in nodes {
            if let key = nodeKeyOrder.first(where: { node.data[$0] != nil }) {
                throw GraphError("node '\(node.id)': data field '\(key)' clashes with d3's own '\(key)'")
            }
        }
        let edges = graph.edges
        for edge in edges {
            if let key = linkKeyOrder.first(where: { edge.data[$0] != nil }) {
                throw GraphError("edge '\(edge.id)': data field '\(key)' clashes with d3's own '\(key)'")
            }
        }
        var writer = JSONWriter()
        writer.raw("{\n")
        writer.list("links", edges, last: false) { writer, edge in
            writer.object(edge.data, own: [("id", .string(edge.id)), ("source", .string(edge.source)),
                                           ("target", .string(edge.target))])
        }
        writer.list("nodes", nodes, last: true) { writer, node in
            var own: [(key: String, value: DataValue)] = []
            if let fx = node.fx { own.append(("fx", .number(fx))) }
            if let fy = node.fy { own.append(("fy", .number(fy))) }
            if let fz = node.fz { own.append(("fz", .number(fz))) }
            own.append(("id", .string(node.id)))
            if !node.position.x.isNaN { own.append(("x", .number(node.position.x))) }
            if !node.position.y.isNaN { own.append(("y", .number(node.position.y))) }
            if let z = node.position.z, !z.isNaN { own.append(("z", .number(z))) }
            writer.object(node.data, own: own)
        }
        writer.raw("}\n")
        return writer.text
    }
}
