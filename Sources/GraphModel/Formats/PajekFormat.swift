import Foundation

/// Pajek's `.net` files: read by `PajekReader`, written here as networkx's `write_pajek` writes them: `*Vertices n`,
/// one line per node (`number "id" [x y [z] shape] [key value]...`, numbered in node order), then `*Arcs` (or
/// `*Edges` for an undirected graph) with one `from to [weight] [key value]...` line per edge. In a directed graph,
/// edges whose data field `directed` is false go under `*Edges` after the arcs.
enum PajekFormat {
    /// Reads a Pajek file.
    static func read(_ data: Data, file: String, meter: WorkMeter) throws -> Graph {
        try PajekReader.read(data, file: file, meter: meter)
    }

    /// Writes a Pajek file (data as text; a save that would read back differently is refused by the limits check).
    static func write(_ graph: Graph) throws -> String {
        try UnwritableText.checkNumbers(graph, format: "Pajek")
        try UnwritableText.check(graph, format: "Pajek", suspect: { $0 < 0x20 }, cannotHold: { $0.value < 0x20 && $0 != "\t" })
        var text = "*Vertices \(graph.nodeCount)\n"
        var number = 0
        graph.forEachNode { node in
            number += 1
            text += "\(number) \(quoted(node.id, always: true))"
            var data = node.data
            if node.position.isPlaced {
                text += " \(NumberText.format(node.position.x)) \(NumberText.format(node.position.y))"
                if let z = node.position.z { text += " \(NumberText.format(z))" }
                // networkx's reader takes the coordinates only with a shape after them.
                let shape = data.removeValue(forKey: "shape")?.string ?? defaultShape
                text += " " + quoted(shape)
            }
            text += pairs(data) + "\n"
        }
        let (arcs, edges) = sections(graph)
        if graph.directed { text += "*Arcs\n" + lines(arcs, graph) }
        if !graph.directed || !edges.isEmpty { text += "*Edges\n" + lines(edges, graph) }
        return text
    }

    /// Pajek's default shape, written after the coordinates of a node without a `shape` and not kept when read.
    static let defaultShape = "ellipse"

    /// The edges under `*Arcs` and under `*Edges`, in the order written.
    static func sections(_ graph: Graph) -> (arcs: [Edge], edges: [Edge]) {
        guard graph.directed else { return ([], graph.edges) }
        var arcs: [Edge] = [], edges: [Edge] = []
        graph.forEachEdge { edge in
            if edge.data["directed"] == .bool(false) { edges.append(edge) } else { arcs.append(edge) }
        }
        return (arcs, edges)
    }

    /// The lines of some edges: vertex numbers, the weight, then the other data as pairs.
    private static func lines(_ edges: [Edge], _ graph: Graph) -> String {
        var text = ""
        for edge in edges {
            text += "\(graph.index(ofNode: edge.source)! + 1) \(graph.index(ofNode: edge.target)! + 1)"
            var data = edge.data
            if graph.directed, data["directed"] == .bool(false) { data["directed"] = nil }
            if let weight = data["weight"], weight.number != nil {
                data["weight"] = nil
                text += " " + NumberText.text(of: weight)
            }
            text += pairs(data) + "\n"
        }
        return text
    }

    /// Data fields as ` key value` pairs, keys sorted.
    private static func pairs(_ data: [String: DataValue]) -> String {
        data.keys.sorted().map { " " + quoted($0) + " " + quoted(NumberText.text(of: data[$0]!)) }.joined()
    }

    /// A word as networkx's reader splits it back: in double quotes (escaping `\` and `"`) when `always`, empty, or
    /// holding white space, a quote or a backslash.
    static func quoted(_ word: String, always: Bool = false) -> String {
        guard always || word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) else {
            return word
        }
        return "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What Pajek cannot give back as it was beyond text data (`FormatLimits`): a data field named like a
    /// number (read as a coordinate or a weight), a `shape` on a placed node that is not a word other than the default
    /// (read back as no shape), `directed` data in an undirected graph, and edge ids other than those reading gives.
    static func losses(_ graph: Graph) -> [FormatLoss] {
        var losses: [FormatLoss] = []
        graph.forEachNode { node in
            let owner = "node '\(node.id)'"
            for key in node.data.keys.sorted() where NumberText.parse(key) != nil {
                losses.append(FormatLoss(
                    owner: owner, what: "data field '\(key)' (a name like a number reads as a coordinate)", data: .node(node.id, key)))
            }
            if node.position.isPlaced, let shape = node.data["shape"],
                shape.string == nil || NumberText.parse(shape.string!) != nil || shape.string == defaultShape {
                losses.append(FormatLoss(
                    owner: owner,
                    what: "data field 'shape' (after the coordinates Pajek's shape is a word other than the default, \(defaultShape))",
                    data: .node(node.id, "shape")))
            }
        }
        graph.forEachEdge { edge in
            let owner = "edge '\(edge.id)'"
            for key in edge.data.keys.sorted() where NumberText.parse(key) != nil {
                losses.append(FormatLoss(
                    owner: owner, what: "data field '\(key)' (a name like a number reads as a weight)", data: .edge(edge.id, key)))
            }
            if !graph.directed, edge.data["directed"] != nil {
                losses.append(FormatLoss(
                    owner: owner, what: "data field 'directed' (Pajek's own in an undirected graph)", data: .edge(edge.id, "directed")))
            }
        }
        return losses
    }
}
