import Foundation

/// GML: read by `GMLReader`, written here as networkx's `write_gml` writes it: `directed 1` for a directed graph,
/// `multigraph 1` when edges are parallel or have a `key` field, each node's `id` (its index) and `label` (its id),
/// `graphics [ x y z w h ]` for its position and size, data as `key value` pairs (numbers, strings with characters
/// outside printable ASCII, `"` and `&` as `&#N;`, objects as lists, arrays as repeated keys), and edge ids only when
/// they differ from those reading gives.
enum GMLFormat {
    /// Reads a GML file.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        try GMLReader.read(data, file: file, meter: meter)
    }

    /// Writes a GML file; data GML cannot hold (see `loss`) is left out (a save checks `loss` first unless lossy).
    static func write(_ graph: Graph) throws -> String {
        var text = "graph [\n"
        if graph.directed { text += "  directed 1\n" }
        if isMultigraph(graph) { text += "  multigraph 1\n" }
        var index = 0
        graph.forEachNode { node in
            text += "  node [\n    id \(index)\n    label \(quoted(node.id))\n"
            var graphics: [String: DataValue] = [:]
            if case .object(let fields)? = node.data["graphics"] { graphics = fields }
            var place: [(String, Double)] = []
            if node.position.isPlaced {
                place = [("x", node.position.x), ("y", node.position.y)]
                if let z = node.position.z { place.append(("z", z)) }
            }
            if let width = node.width { place.append(("w", width)) }
            if let height = node.height { place.append(("h", height)) }
            if !graphics.isEmpty || !place.isEmpty {
                // Coordinates and sizes are reals, written with a fraction (`x 3.0`) as igraph and yEd write them.
                text += "    graphics [\n" + place.map { "      \($0) \(realText($1))\n" }.joined()
                text += graphics.keys.sorted().map { entry($0, graphics[$0]!, indent: "      ") }.joined() + "    ]\n"
            }
            for key in node.data.keys.sorted() where key != "graphics" && !nodeKeys.contains(key) {
                text += entry(key, node.data[key]!, indent: "    ")
            }
            text += "  ]\n"
            index += 1
        }
        let writesIds = !ResearchFormatLimits.edgeIdsAreGenerated(graph.edges)
        graph.forEachEdge { edge in
            text += "  edge [\n    source \(graph.index(ofNode: edge.source)!)\n    target \(graph.index(ofNode: edge.target)!)\n"
            if writesIds { text += "    id \(quoted(edge.id))\n" }
            for key in edge.data.keys.sorted() where !edgeKeys.contains(key) { text += entry(key, edge.data[key]!, indent: "    ") }
            text += "  ]\n"
        }
        return text + "]\n"
    }

    /// Node keys GML's own fields take.
    private static let nodeKeys: Set<String> = ["id", "label"]
    /// Edge keys GML's own fields take.
    private static let edgeKeys: Set<String> = ["source", "target", "id"]

    /// True when the graph is written as a multigraph: some edges are parallel, or some have a `key` (networkx's
    /// multigraph edge key).
    static func isMultigraph(_ graph: Graph) -> Bool {
        var pairs: Set<[String]> = []
        var multigraph = false
        graph.forEachEdge { edge in
            guard !multigraph else { return }
            let pair = graph.directed || edge.source <= edge.target ? [edge.source, edge.target] : [edge.target, edge.source]
            multigraph = edge.data["key"] != nil || !pairs.insert(pair).inserted
        }
        return multigraph
    }

    /// The lines of one `key value` pair (nothing for a value GML cannot hold).
    private static func entry(_ key: String, _ value: DataValue, indent: String) -> String {
        guard isKey(key) else { return "" }
        switch value {
        case .integer(let number): return "\(indent)\(key) \(number)\n"
        case .number(let number): return "\(indent)\(key) \(realText(number))\n"
        case .string(let text): return "\(indent)\(key) \(quoted(text))\n"
        case .bool(let flag): return "\(indent)\(key) \(flag ? 1 : 0)\n"
        case .null: return ""
        case .object(let fields):
            return "\(indent)\(key) [\n" + fields.keys.sorted().map { entry($0, fields[$0]!, indent: indent + "  ") }.joined() + "\(indent)]\n"
        case .array(let items):
            let held = items.filter { if case .array = $0 { return false } else { return $0 != .null } }
            if held.isEmpty { return "\(indent)\(key) \"[]\"\n" }
            let start = held.count == 1 ? "\(indent)\(key) \"\(GMLReader.listStart)\"\n" : ""
            return start + held.map { entry(key, $0, indent: indent) }.joined()
        }
    }

    /// A number as GML writes it: integers without a fraction, reals with a `.` (`1.0E+20`), `+INF`, `-INF`, `NAN`.
    static func numberText(_ value: Double) -> String {
        if value.isNaN { return "NAN" }
        if value.isInfinite { return value > 0 ? "+INF" : "-INF" }
        let text = NumberText.format(value)
        guard text.contains("e"), !text.contains(".") else { return text }
        return text.replacingOccurrences(of: "e", with: ".0e")
    }

    /// A real as GML writes it, always with a fraction or an exponent (`3.0`), so networkx reads a float.
    static func realText(_ value: Double) -> String {
        let text = numberText(value)
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "N" || $0 == "I" }) ? text : text + ".0"
    }

    /// A string in double quotes, with characters outside printable ASCII, `"` and `&` as `&#N;`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7f && scalar != "\"" && scalar != "&" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&#\(scalar.value);"
            }
        }
        return result + "\""
    }

    /// True for a name GML takes as a key: a letter, then letters, digits and `_`.
    static func isKey(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// What GML cannot give back as it was: data named like no GML key or like GML's own fields (`id`,
    /// `label`; `source`, `target`, `id` on edges), booleans (written 1 and 0), null, arrays inside arrays, a
    /// `graphics` field that is not an object or holds what a node's position and size take, the texts networkx's
    /// list conventions take (`"[]"`, `"()"`, `"_networkx_list_start"`).
    static func losses(_ graph: Graph) -> [FormatLoss] {
        var losses: [FormatLoss] = []
        graph.forEachNode { node in
            let owner = "node '\(node.id)'"
            let lost = dataLosses(node.data, reserved: nodeKeys)
            losses += lost.map { FormatLoss(owner: owner, what: $0.what, data: .node(node.id, $0.key)) }
            if lost.isEmpty, let graphics = node.data["graphics"] {
                guard case .object(let fields) = graphics else {
                    losses.append(FormatLoss(
                        owner: owner, what: "data field 'graphics' (GML's graphics is a list)", data: .node(node.id, "graphics")))
                    return
                }
                if let key = ["x", "y", "z", "w", "h"].first(where: { fields[$0] != nil }) {
                    losses.append(FormatLoss(
                        owner: owner, what: "graphics field '\(key)' (GML's graphics \(key) is the node's position or size)",
                        data: .node(node.id, "graphics")))
                }
            }
        }
        graph.forEachEdge { edge in
            losses += dataLosses(edge.data, reserved: edgeKeys).map {
                FormatLoss(owner: "edge '\(edge.id)'", what: $0.what, data: .edge(edge.id, $0.key))
            }
        }
        return losses
    }

    /// The data fields GML cannot give back as they were, each with its description, in the order of their keys.
    private static func dataLosses(_ data: [String: DataValue], reserved: Set<String>) -> [(key: String, what: String)] {
        func problem(_ value: DataValue, inArray: Bool) -> String? {
            switch value {
            case .number, .integer: return nil
            case .string(let text):
                return ["[]", "()", GMLReader.listStart].contains(text) ? "the text \"\(text)\", which networkx's lists take" : nil
            case .bool: return "a boolean (GML writes 1 or 0)"
            case .null: return "null"
            case .array(let items):
                if inArray { return "an array inside an array" }
                return items.lazy.compactMap { problem($0, inArray: true) }.first
            case .object(let fields):
                if let key = fields.keys.sorted().first(where: { !isKey($0) }) { return "the key '\(key)', not a GML key" }
                return fields.keys.sorted().lazy.compactMap { problem(fields[$0]!, inArray: false) }.first
            }
        }
        return data.keys.sorted().compactMap { key in
            if reserved.contains(key) { return (key, "data field '\(key)' (named like GML's own)") }
            if !isKey(key) { return (key, "data field '\(key)' (a GML key is a letter, then letters, digits and '_')") }
            if let what = problem(data[key]!, inArray: false) { return (key, "data field '\(key)' (\(what))") }
            return nil
        }
    }
}
