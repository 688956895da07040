/// Turns a GML file's parsed `graph [...]` list into a graph (see `GMLReader` for the dialects read).
struct GMLGraphBuilder {
    /// The file, for messages.
    let file: String
    /// The work meter, charged one unit per node and edge.
    let meter: WorkMeter

    /// Builds the graph from the entries of `graph [...]`.
    func build(_ body: [GMLReader.Entry]) throws -> Graph {
        var builder = GraphBuilder(file: file)
        builder.directed = false
        var nodes: [(entries: [GMLReader.Entry], line: Int)] = []
        var edges: [(entries: [GMLReader.Entry], line: Int)] = []
        for entry in body {
            switch entry.key {
            case "directed": builder.directed = try flag(entry)
            case "node", "edge":
                guard case .list(let entries) = entry.value else { throw fail(entry.line, "'\(entry.key)' is not a list in brackets") }
                if entry.key == "node" { nodes.append((entries, entry.line)) } else { edges.append((entries, entry.line)) }
            default: continue  // multigraph, and graph attributes forcelab has no place for
            }
        }
        // networkx names nodes by their labels, which must then be distinct; igraph by their ids.
        var labels: Set<String> = []
        let namedByLabel = nodes.allSatisfy { node in
            guard let label = node.entries.first(where: { $0.key == "label" }), let text = Self.text(label.value) else { return false }
            return labels.insert(text).inserted
        }
        var idsByGMLId: [String: (id: String, index: Int)] = [:]
        for (entries, line) in nodes {
            try meter.charge()
            guard let idEntry = entries.first(where: { $0.key == "id" }), let gmlId = Self.text(idEntry.value) else {
                throw fail(line, "a node without an 'id' (a number or a string)")
            }
            guard idsByGMLId[gmlId] == nil else { throw fail(idEntry.line, "duplicate node id \(gmlId)") }
            var node = Node(id: gmlId)
            var rest: [GMLReader.Entry] = []
            for entry in entries where entry.key != "id" {
                if entry.key == "label" {
                    if namedByLabel { node.id = Self.text(entry.value)! } else { node.label = Self.text(entry.value) }
                } else if entry.key == "graphics", case .list(let graphics) = entry.value {
                    let left = try place(&node, graphics)
                    if !left.isEmpty { rest.append(GMLReader.Entry(key: "graphics", value: .list(left), line: entry.line)) }
                } else {
                    rest.append(entry)
                }
            }
            node.data = try Self.fields(rest)
            try builder.addNode(node, at: line)
            idsByGMLId[gmlId] = (node.id, builder.nodes.count - 1)
        }
        for (entries, line) in edges {
            try meter.charge()
            func end(_ key: String) throws -> (id: String, index: Int) {
                guard let entry = entries.first(where: { $0.key == key }), let gmlId = Self.text(entry.value) else {
                    throw fail(line, "an edge without a '\(key)'")
                }
                guard let node = idsByGMLId[gmlId] else { throw fail(entry.line, "edge \(key) \(gmlId): no node has that id") }
                return node
            }
            let (source, target) = (try end("source"), try end("target"))
            var edge = Edge(id: "", source: source.id, target: target.id)
            var rest: [GMLReader.Entry] = []
            for entry in entries where entry.key != "source" && entry.key != "target" {
                if entry.key == "id", let id = Self.text(entry.value) { edge.id = id } else { rest.append(entry) }
            }
            edge.data = try Self.fields(rest)
            builder.addEdge(edge, at: line, ends: (source.index, target.index))
        }
        return try builder.build()
    }

    /// An error at a line.
    private func fail(_ line: Int, _ message: String) -> GraphFileError {
        GraphFileError(file: file, line: line, message: message)
    }

    /// A 0 or 1 flag.
    private func flag(_ entry: GMLReader.Entry) throws -> Bool {
        guard case .number(let value, _) = entry.value, value == 0 || value == 1 else {
            throw fail(entry.line, "'\(entry.key)' must be 0 or 1")
        }
        return value == 1
    }

    /// Takes a node's position (`x`, `y`, `z`) and size (`w`, `h`) from its `graphics`; returns the other entries.
    private func place(_ node: inout Node, _ graphics: [GMLReader.Entry]) throws -> [GMLReader.Entry] {
        var rest: [GMLReader.Entry] = []
        var position = Point(x: .nan, y: .nan)
        for entry in graphics {
            guard ["x", "y", "z", "w", "h"].contains(entry.key), case .number(let value, _) = entry.value,
                graphics.filter({ $0.key == entry.key }).count == 1
            else {
                rest.append(entry)
                continue
            }
            guard value.isFinite else { throw fail(entry.line, "node '\(node.id)': graphics \(entry.key) must be finite") }
            switch entry.key {
            case "x": position.x = value
            case "y": position.y = value
            case "z": position.z = value
            case "w": node.width = value
            default: node.height = value
            }
        }
        if position.x.isNaN != position.y.isNaN || (position.z != nil && position.x.isNaN) {
            throw fail(graphics.first?.line ?? 0, "node '\(node.id)': graphics gives some of x and y but not both")
        }
        node.position = position
        return rest
    }

    /// The text of an id or label: a string, or a number as written.
    static func text(_ value: GMLReader.Value) -> String? {
        switch value {
        case .string(let text): return text
        case .number(_, let text): return String(text)
        case .list: return nil
        }
    }

    /// Entries as data fields: repeated keys become arrays (networkx's `_networkx_list_start` first item marking a
    /// list of one), lists objects, the string `"[]"` an empty array.
    static func fields(_ entries: [GMLReader.Entry]) throws -> [String: DataValue] {
        var values: [String: [DataValue]] = [:]
        var order: [String] = []
        for entry in entries {
            if values[entry.key] == nil { order.append(entry.key) }
            values[entry.key, default: []].append(try value(entry.value))
        }
        var fields: [String: DataValue] = [:]
        for key in order {
            let items = values[key]!
            if items.count == 1 {
                fields[key] = items[0] == .string("[]") || items[0] == .string("()") ? .array([]) : items[0]
            } else if items[0] == .string(GMLReader.listStart) {
                fields[key] = .array(Array(items.dropFirst()))
            } else {
                fields[key] = .array(items)
            }
        }
        return fields
    }

    /// A parsed value as data.
    private static func value(_ value: GMLReader.Value) throws -> DataValue {
        switch value {
        case .number(let number, let text):
            // Written without a fraction or an exponent, a number is an integer, as networkx reads it.
            if let whole = Int(text) { return .integer(whole) }
            return .number(number)
        case .string(let text): return .string(text)
        case .list(let entries): return .object(try fields(entries))
        }
    }
}
