import GraphModel

/// A graph's layout drawn in braille for the terminal (`g:show`, `sim:run{show = true}`): edges as thin lines,
/// nodes as blocks, and labels beside the nodes asked for.
public struct GraphPreview {
    /// Which nodes get a label.
    public enum Labels: Equatable, Sendable {
        /// No labels.
        case none
        /// These nodes, by id.
        case nodes([String])
        /// The `n` nodes of highest degree (ties in node order).
        case mostConnected(Int)
    }

    /// The preview's size in character cells.
    public var columns: Int, rows: Int
    /// The labelled nodes.
    public var labels: Labels = .none
    /// Whether to draw with ANSI colour (faint edges, bold yellow nodes).
    public var colour = false

    /// A preview of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The text of `graph`'s layout; a node without a position, or a label for a node not in the graph, is an error.
    /// `check`: as for `BrailleCanvas.preview`.
    public func text(of graph: Graph, check: @escaping (Int) throws -> Void = { _ in }) throws -> String {
        let points = try GraphPoints(graph)
        return try BrailleCanvas.preview(
            positions: points.positions, edges: points.edges, columns: columns, rows: rows,
            labels: try labelled(in: graph), colour: colour, check: check)
    }

    /// The labelled nodes by index with their text (the node's label, else its id).
    private func labelled(in graph: Graph) throws -> [(node: Int, text: String)] {
        var order: [String: Int] = [:]
        var nodes: [Node] = []
        switch labels {
        case .none: return []
        case .nodes(let ids):
            graph.forEachNode { node in
                order[node.id] = nodes.count
                nodes.append(node)
            }
            return try ids.map { id in
                guard let index = order[id] else { throw RenderError("labels: there is no node '\(id)'") }
                return (index, nodes[index].label ?? id)
            }
        case .mostConnected(let count):
            var degrees: [(index: Int, degree: Int)] = []
            graph.forEachNode { node in
                degrees.append((nodes.count, graph.degree(of: node.id)))
                nodes.append(node)
            }
            let chosen = degrees.sorted { $0.degree != $1.degree ? $0.degree > $1.degree : $0.index < $1.index }.prefix(count)
            return chosen.map { ($0.index, nodes[$0.index].label ?? nodes[$0.index].id) }
        }
    }
}
