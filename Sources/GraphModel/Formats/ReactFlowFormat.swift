/// React Flow's {nodes, edges, viewport} JSON, with every Node and Edge field; d3's z, fx, fy, fz ride along as
/// extra node keys, and `"directed": false` marks an undirected graph. Presentation keys React Flow has and forcelab does not (style, className...) are skipped.
enum ReactFlowFormat {
    /// Reads a React Flow document from its root object, charging `meter` one unit per node and edge.
    static func read(_ root: JSONObject, file: String, meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(
            file: file, nodePlace: { .init(label: "nodes[\($0)]") }, edgePlace: { .init(label: "edges[\($0)]") })
        var nodes = try root.list("nodes", name: "nodes")
        builder.reserve(nodes: nodes?.count ?? 0)
        while let (index, object) = try nodes?.nextObject() {
            try meter.charge()
            try builder.addNode(try node(object), at: index)
        }
        var edges = try root.list("edges", name: "edges")
        builder.reserve(edges: edges?.count ?? 0)
        while let (index, object) = try edges?.nextObject() {
            try meter.charge()
            builder.addEdge(try edge(object), at: index)
        }
        builder.directed = try root.bool("directed") ?? true
        let graph = try builder.build()
        if let viewport = try root.object("viewport") {
            graph.viewport = SavedViewport(
                x: try viewport.number("x") ?? 0, y: try viewport.number("y") ?? 0,
                zoom: try viewport.number("zoom") ?? 1)
        }
        return graph
    }

    /// A node from its JSON object.
    private static func node(_ object: JSONObject) throws -> Node {
        guard let id = try object.string("id") else { throw GraphError("\(object.path) has no id") }
        let position = try object.object("position")
        let measured = try object.object("measured")
        var handles: [Handle] = []
        var list = try object.list("handles")
        while let (_, handle) = try list?.nextObject() {
            guard let type = HandleType(rawValue: try handle.string("type") ?? "") else {
                throw GraphError("\(handle.path).type must be \"source\" or \"target\"")
            }
            let side = try handle.string("position")
            guard side == nil || HandlePosition(rawValue: side!) != nil else {
                throw GraphError("\(handle.path).position must be left, top, right or bottom")
            }
            handles.append(Handle(id: try handle.string("id"), type: type, position: side.flatMap(HandlePosition.init)))
        }
        return Node(
            id: id,
            position: Point(
                x: try position?.number("x") ?? .nan, y: try position?.number("y") ?? .nan,
                z: try object.number("z")),
            fx: try object.number("fx"), fy: try object.number("fy"), fz: try object.number("fz"),
            data: try object.data("data"),
            parentId: try object.string("parentId") ?? object.string("parentNode"),
            width: try object.number("width") ?? measured?.number("width"),
            height: try object.number("height") ?? measured?.number("height"),
            handles: handles,
            selected: try object.bool("selected") ?? false,
            deletable: try object.bool("deletable") ?? true,
            hidden: try object.bool("hidden") ?? false,
            dragging: try object.bool("dragging") ?? false,
            type: try object.string("type"),
            label: try object.string("label"))
    }

    /// An edge from its JSON object.
    private static func edge(_ object: JSONObject) throws -> Edge {
        guard let source = try object.string("source"), let target = try object.string("target") else {
            throw GraphError("\(object.path) needs a source and a target")
        }
        return Edge(
            id: try object.string("id") ?? "", source: source, target: target,
            sourceHandle: try object.string("sourceHandle"), targetHandle: try object.string("targetHandle"),
            data: try object.data("data"), selected: try object.bool("selected") ?? false,
            deletable: try object.bool("deletable") ?? true, label: try object.string("label"),
            type: try object.string("type"))
    }

    /// Writes a graph as React Flow JSON (fields at their defaults left out, data always present).
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.checkNumbers(graph, format: "JSON")
        var writer = JSONWriter()
        writer.raw("{\n")
        if !graph.directed { writer.raw("  \"directed\": false,\n") }
        writer.list("edges", graph.edges, last: false) { writer, edge in writer.object(fields(of: edge)) }
        writer.list("nodes", graph.nodes, last: false) { writer, node in writer.object(fields(of: node)) }
        writer.raw("  \"viewport\": ")
        writer.object([
            "x": .coordinate(graph.viewport.x), "y": .coordinate(graph.viewport.y), "zoom": .coordinate(graph.viewport.zoom),
        ])
        writer.raw("\n}\n")
        return writer.text
    }

    /// The JSON fields of a node.
    private static func fields(of node: Node) -> [String: DataValue] {
        var position: [String: DataValue] = [:]
        if !node.position.x.isNaN { position["x"] = .number(node.position.x) }
        if !node.position.y.isNaN { position["y"] = .number(node.position.y) }
        var fields: [String: DataValue] = ["id": .string(node.id), "position": .object(position), "data": .object(node.data)]
        fields["z"] = node.position.z.map(DataValue.coordinate)
        fields["fx"] = node.fx.map(DataValue.coordinate)
        fields["fy"] = node.fy.map(DataValue.coordinate)
        fields["fz"] = node.fz.map(DataValue.coordinate)
        fields["parentId"] = node.parentId.map(DataValue.string)
        fields["width"] = node.width.map(DataValue.coordinate)
        fields["height"] = node.height.map(DataValue.coordinate)
        fields["type"] = node.type.map(DataValue.string)
        fields["label"] = node.label.map(DataValue.string)
        if node.selected { fields["selected"] = .bool(true) }
        if !node.deletable { fields["deletable"] = .bool(false) }
        if node.hidden { fields["hidden"] = .bool(true) }
        if node.dragging { fields["dragging"] = .bool(true) }
        if !node.handles.isEmpty {
            fields["handles"] = .array(node.handles.map { handle in
                var entry: [String: DataValue] = ["type": .string(handle.type.rawValue)]
                entry["id"] = handle.id.map(DataValue.string)
                entry["position"] = handle.position.map { .string($0.rawValue) }
                return .object(entry)
            })
        }
        return fields
    }

    /// The JSON fields of an edge.
    private static func fields(of edge: Edge) -> [String: DataValue] {
        var fields: [String: DataValue] = [
            "id": .string(edge.id), "source": .string(edge.source), "target": .string(edge.target),
            "data": .object(edge.data),
        ]
        fields["sourceHandle"] = edge.sourceHandle.map(DataValue.string)
        fields["targetHandle"] = edge.targetHandle.map(DataValue.string)
        fields["label"] = edge.label.map(DataValue.string)
        fields["type"] = edge.type.map(DataValue.string)
        if edge.selected { fields["selected"] = .bool(true) }
        if !edge.deletable { fields["deletable"] = .bool(false) }
        return fields
    }
}
