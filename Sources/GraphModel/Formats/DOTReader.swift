import CGraphviz
import Foundation

/// Turns a graph cgraph parsed into nodes and edges (see DOTFormat for the mapping and the units).
struct DOTReader {
    /// The parsed root graph.
    let root: UnsafeMutablePointer<Agraph_t>
    /// The file, for messages.
    let file: String
    /// Whether the file's strings are Latin-1 (its `charset` says so), else UTF-8.
    private let isLatin1: Bool
    /// The y coordinate that becomes 0 in forcelab's y-down frame: the top of the root graph's `bb`, else 0.
    private let top: Double

    /// The `charset` names Graphviz takes for Latin-1.
    private static let latin1Names: Set<String> = [
        "latin-1", "latin1", "l1", "iso-8859-1", "iso_8859-1", "iso8859-1", "iso-ir-100",
    ]

    /// A reader for a parsed graph; throws when the root graph's `charset` is neither UTF-8 nor Latin-1 or its `bb`
    /// is not four numbers.
    init(root: UnsafeMutablePointer<Agraph_t>, file: String) throws {
        self.root = root
        self.file = file
        let charset = Self.rootAttribute(root, "charset").map { String(cString: $0).lowercased() } ?? "utf-8"
        isLatin1 = Self.latin1Names.contains(charset)
        guard isLatin1 || charset == "utf-8" || charset == "utf8" else {
            throw GraphError("charset '\(charset)' is not supported (UTF-8 or Latin-1)")
        }
        guard let value = Self.rootAttribute(root, "bb") else {
            top = 0
            return
        }
        let text = String(cString: value)
        guard let numbers = DOTReader.box(text) else {
            throw GraphError("bb \"\(text)\" is not \"llx,lly,urx,ury\" with llx <= urx, lly <= ury, all finite")
        }
        top = numbers[3]
    }

    /// A non-empty attribute of the root graph.
    private static func rootAttribute(_ root: UnsafeMutablePointer<Agraph_t>, _ key: String) -> UnsafeMutablePointer<CChar>? {
        var name = Array(key.utf8CString)
        guard let value = name.withUnsafeMutableBufferPointer({ agget(root, $0.baseAddress) }), value.pointee != 0 else {
            return nil
        }
        return value
    }

    /// Collects nodes, clusters and edges and builds the graph, charging `meter` one unit per node and edge.
    func build(meter: WorkMeter) throws -> Graph {
        var builder = GraphBuilder(file: file)
        builder.directed = agisdirected(root) != 0
        var node = agfstnode(root)
        while let current = node {
            try meter.charge()
            var record = Node(id: name(current))
            for (key, value) in ordered(attributes(of: current, kind: Int32(AGNODE))) {
                try apply(key, value, to: &record)
            }
            Self.placeByCorner(&record)
            try builder.addNode(record, at: 0)
            node = agnxtnode(root, current)
        }
        var clusterIds: Set<String> = []
        try addClusters(of: root, parent: nil, into: &builder, clusterIds: &clusterIds)
        makePositionsRelative(in: &builder)
        var edges: [(sequence: UInt64, edge: Edge)] = []
        node = agfstnode(root)
        while let current = node {
            var edge = agfstout(root, current)
            while let out = edge {
                try meter.charge()
                edges.append((UInt64(out.pointee.base.tag.seq), makeEdge(out, tail: current)))
                edge = agnxtout(root, out)
            }
            node = agnxtnode(root, current)
        }
        for (_, edge) in edges.sorted(by: { $0.sequence < $1.sequence }) {
            addHandle(edge.sourceHandle, type: .source, to: edge.source, in: &builder)
            addHandle(edge.targetHandle, type: .target, to: edge.target, in: &builder)
            builder.addEdge(edge, at: 0)
        }
        return try builder.build()
    }

    /// An edge record from a cgraph out-edge.
    private func makeEdge(_ out: UnsafeMutablePointer<Agedge_t>, tail: UnsafeMutablePointer<Agnode_t>) -> Edge {
        var edge = Edge(id: "", source: name(tail), target: name(out.pointee.node))
        for (key, value) in ordered(attributes(of: out, kind: Int32(AGEDGE))) {
            switch key {
            case "id": edge.id = value
            case "label": edge.label = value
            case "type": edge.type = value
            case "tailport": edge.sourceHandle = value
            case "headport": edge.targetHandle = value
            case "key": break
            default: edge.data[key] = NumberText.value(value)
            }
        }
        return edge
    }

    /// Adds parent nodes for the clusters under a graph and makes their members its children. A cluster's node id
    /// is its own `id` attribute (what forcelab writes), else its name without `cluster_` (or `cluster`) unless a
    /// node of that name sits outside the cluster, else its whole name (followed by `_` while such a node has it).
    /// Clusters of one id are one parent node (the first one's place in the hierarchy), and a node of that id
    /// inside the cluster is that parent node.
    private func addClusters(
        of graph: UnsafeMutablePointer<Agraph_t>, parent: String?, into builder: inout GraphBuilder,
        clusterIds: inout Set<String>
    ) throws {
        var subgraph = agfstsubg(graph)
        while let current = subgraph {
            let subgraphName = name(current)
            var owner = parent
            if subgraphName.hasPrefix("cluster") {
                let enclosing = attributes(of: graph, kind: Int32(AGRAPH))
                let own = attributes(of: current, kind: Int32(AGRAPH)).filter { enclosing[$0.key] != $0.value }
                let id = clusterId(current, name: subgraphName, explicit: own["id"], clusterIds: clusterIds)
                let isNew = clusterIds.insert(id).inserted
                if !builder.hasNode(id) { try builder.addNode(Node(id: id), at: 0) }
                var problem: Error?
                builder.updateNode(id) { record in
                    if isNew { record.parentId = parent }
                    for (key, value) in ordered(own) where key != "id" {
                        do { try apply(key, value, to: &record) } catch { problem = error }
                    }
                }
                if let problem { throw problem }
                var member = agfstnode(current)
                while let node = member {
                    let memberId = name(node)
                    if memberId != id { builder.updateNode(memberId) { $0.parentId = id } }
                    member = agnxtnode(current, node)
                }
                owner = id
            }
            try addClusters(of: current, parent: owner, into: &builder, clusterIds: &clusterIds)
            subgraph = agnxtsubg(current)
        }
    }

    /// The node id of a cluster (see `addClusters`).
    private func clusterId(
        _ cluster: UnsafeMutablePointer<Agraph_t>, name subgraphName: String, explicit: String?, clusterIds: Set<String>
    ) -> String {
        if let explicit { return explicit }
        /// True when a node outside the cluster has this name.
        func isTakenOutside(_ id: String) -> Bool {
            guard !clusterIds.contains(id), let node = findNode(id) else { return false }
            return agsubnode(cluster, node, 0) == nil
        }
        let stripped = subgraphName.hasPrefix("cluster_")
            ? String(subgraphName.dropFirst("cluster_".count)) : String(subgraphName.dropFirst("cluster".count))
        if !isTakenOutside(stripped) { return stripped }
        var id = subgraphName
        while isTakenOutside(id) { id += "_" }
        return id
    }

    /// The node of the root graph with a name, as this reader decodes names.
    private func findNode(_ id: String) -> UnsafeMutablePointer<Agnode_t>? {
        var node = agfstnode(root)
        while let current = node {
            if name(current) == id { return current }
            node = agnxtnode(root, current)
        }
        return nil
    }

    /// Turns the absolute coordinates DOT gives (`pos`, a cluster's `bb`, `fx`, `fy`, `fz`) into forcelab's, which
    /// are relative to the parent; a member of a cluster with no position keeps its own.
    private func makePositionsRelative(in builder: inout GraphBuilder) {
        var absolute: [String: Point] = [:]
        for node in builder.nodes { absolute[node.id] = node.position }
        for node in builder.nodes {
            guard let parentId = node.parentId, let corner = absolute[parentId], corner.isPlaced else { continue }
            builder.updateNode(node.id) { node in
                if node.position.isPlaced {
                    node.position.x -= corner.x
                    node.position.y -= corner.y
                    if let z = node.position.z { node.position.z = z - (corner.z ?? 0) }
                }
                node.fx = node.fx.map { $0 - corner.x }
                node.fy = node.fy.map { $0 - corner.y }
                node.fz = node.fz.map { $0 - (corner.z ?? 0) }
            }
        }
    }

    /// Graphviz places a node by its centre; forcelab places a box (a node with a width and a height) by its
    /// top-left corner, so a box's position and fixed coordinates move by half its size.
    private static func placeByCorner(_ node: inout Node) {
        guard let width = node.width, let height = node.height, width > 0, height > 0 else { return }
        node.position.x -= width / 2
        node.position.y -= height / 2
        node.fx = node.fx.map { $0 - width / 2 }
        node.fy = node.fy.map { $0 - height / 2 }
    }

    /// The four numbers of a `bb` ("llx,lly,urx,ury", lower-left corner first), or nil.
    private static func box(_ text: String) -> [Double]? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 4, case let values = numbers.compactMap({ $0 }), values.count == 4,
              values.allSatisfy(\.isFinite), values[0] <= values[2], values[1] <= values[3]
        else { return nil }
        return values
    }

    /// Records a port as a handle of a node, once.
    private func addHandle(_ port: String?, type: HandleType, to id: String, in builder: inout GraphBuilder) {
        guard let port, !port.isEmpty else { return }
        builder.updateNode(id) { node in
            if !node.handles.contains(where: { $0.id == port && $0.type == type }) {
                node.handles.append(Handle(id: port, type: type))
            }
        }
    }

    /// Attributes in the order they are applied: `pos` first (so explicit fx, fy, fz win over its "!"), then the
    /// rest by name, so the result never depends on hash order.
    private func ordered(_ attributes: [String: String]) -> [(key: String, value: String)] {
        attributes.sorted { ($0.key != "pos" ? 1 : 0, $0.key) < ($1.key != "pos" ? 1 : 0, $1.key) }
    }

    /// Puts a node (or cluster) attribute in its field, converting Graphviz units (see DOTFormat).
    private func apply(_ key: String, _ value: String, to node: inout Node) throws {
        switch key {
        case "pos":
            let fixed = value.hasSuffix("!")
            let numbers = value.dropLast(fixed ? 1 : 0).split(separator: ",").map { Double($0) }
            guard (2...3).contains(numbers.count), let x = numbers[0], let y = numbers[1],
                  numbers.count == 2 || numbers[2] != nil, numbers.allSatisfy({ $0?.isFinite == true })
            else { throw GraphError("node '\(node.id)': pos \"\(value)\" is not \"x,y\" or \"x,y,z\" of finite numbers") }
            node.position = Point(x: x, y: top - y, z: numbers.count == 3 ? numbers[2] : nil)
            if fixed {
                node.fx = node.position.x
                node.fy = node.position.y
                node.fz = node.position.z
            }
        case "bb":
            guard let numbers = DOTReader.box(value) else {
                throw GraphError(
                    "node '\(node.id)': bb \"\(value)\" is not \"llx,lly,urx,ury\" with llx <= urx, lly <= ury, all finite")
            }
            node.position = Point(x: numbers[0], y: top - numbers[3])
            node.width = numbers[2] - numbers[0]
            node.height = numbers[3] - numbers[1]
        case "fx", "fy", "fz", "width", "height":
            guard let number = Double(value), number.isFinite else {
                throw GraphError("node '\(node.id)': \(key) \"\(value)\" is not a finite number")
            }
            switch key {
            case "fx": node.fx = number
            case "fy": node.fy = top - number
            case "fz": node.fz = number
            case "width": node.width = number * DOTFormat.pointsPerInch
            default: node.height = number * DOTFormat.pointsPerInch
            }
        case "label": node.label = value
        case "type": node.type = value
        default: node.data[key] = NumberText.value(value)
        }
    }

    /// The non-empty attributes of a cgraph object of a kind (AGRAPH, AGNODE, AGEDGE), but a label of `\N`
    /// (Graphviz's "the node's name", its default).
    private func attributes(of object: UnsafeMutableRawPointer, kind: Int32) -> [String: String] {
        var result: [String: String] = [:]
        var symbol = agnxtattr(root, kind, nil)
        while let current = symbol {
            if let value = agxget(object, current), value.pointee != 0,
               strcmp(current.pointee.name, "label") != 0 || strcmp(value, "\\N") != 0 {
                result[text(current.pointee.name)] = text(value, mayBeHTML: true)
            }
            symbol = agnxtattr(root, kind, current)
        }
        return result
    }

    /// The name of a cgraph object.
    private func name(_ object: UnsafeMutableRawPointer) -> String {
        text(agnameof(object))
    }

    /// A string cgraph holds, decoded per the file's charset (UTF-8 that is not valid is read as Latin-1, as
    /// Graphviz does after a warning): an HTML string with its enclosing `<` and `>`, any other as cgraph holds it
    /// (backslashes kept, as Graphviz keeps them). Only an attribute value may be an HTML string (cgraph can tell
    /// only for the strings it shares, which names are not always).
    private func text(_ pointer: UnsafeMutablePointer<CChar>, mayBeHTML: Bool = false) -> String {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        let decoded = isLatin1 ? Self.latin1(bytes) : String(validating: bytes, as: UTF8.self) ?? Self.latin1(bytes)
        if mayBeHTML, aghtmlstr(pointer) != 0 { return "<" + decoded + ">" }
        return decoded
    }

    /// Latin-1 bytes as text.
    private static func latin1(_ bytes: UnsafeRawBufferPointer) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
