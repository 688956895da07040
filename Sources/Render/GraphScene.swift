import GraphModel

/// The plain input for a graph picture: nodes with absolute centre positions and edges by node index.
public struct GraphScene {
    /// A node: a circle, or a labelled rounded rectangle when it has a width and height.
    public struct Node: StyledElement {
        /// Nodes are called "node" in messages.
        public static let kind = "node"
        /// The node's id, used as its label when `label` is nil.
        public var id: String
        /// Centre x in world units.
        public var x: Double
        /// Centre y in world units (down is positive, as in SVG).
        public var y: Double
        /// Width in world units; with `height`, the node is drawn as a rectangle.
        public var width: Double?
        /// Height in world units; with `width`, the node is drawn as a rectangle.
        public var height: Double?
        /// Text shown for the node; nil shows the id.
        public var label: String?
        /// Group key that picks the node's colour from the palette and its legend entry.
        public var group: String?
        /// Index of the parent node; a node with children is drawn as a frame around them.
        public var parent: Int?
        /// The node's data fields, kept for callers that resolve styles from them.
        public var data: [String: DataValue]
        /// Whether the node has a fixed coordinate (d3's fx or fy), which the picture can mark.
        public var isFixed: Bool

        /// Makes a node; only id and position are required.
        public init(id: String, x: Double, y: Double, width: Double? = nil, height: Double? = nil,
                    label: String? = nil, group: String? = nil, parent: Int? = nil,
                    data: [String: DataValue] = [:], isFixed: Bool = false) {
            self.id = id
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.label = label
            self.group = group
            self.parent = parent
            self.data = data
            self.isFixed = isFixed
        }

        /// Whether the node is drawn as a rectangle.
        public var isBox: Bool { (width ?? 0) > 0 && (height ?? 0) > 0 }
    }

    /// An edge between two nodes given by index.
    public struct Edge: StyledElement {
        /// Edges are called "edge" in messages.
        public static let kind = "edge"
        /// The edge's id (empty when made without one).
        public var id: String
        /// Index of the source node.
        public var source: Int
        /// Index of the target node.
        public var target: Int
        /// Text drawn at the middle of the edge.
        public var label: String?
        /// Source handle; "top", "right", "bottom" or "left" pins the side the edge leaves from.
        public var sourceHandle: String?
        /// Target handle; "top", "right", "bottom" or "left" pins the side the edge enters.
        public var targetHandle: String?
        /// The edge's data fields, kept for callers that resolve styles from them.
        public var data: [String: DataValue]

        /// Makes an edge; only the endpoints are required.
        public init(source: Int, target: Int, label: String? = nil,
                    sourceHandle: String? = nil, targetHandle: String? = nil, id: String = "",
                    data: [String: DataValue] = [:]) {
            self.id = id
            self.data = data
            self.source = source
            self.target = target
            self.label = label
            self.sourceHandle = sourceHandle
            self.targetHandle = targetHandle
        }
    }

    /// The nodes, in drawing order.
    public var nodes: [Node]
    /// The edges, in drawing order.
    public var edges: [Edge]

    /// Makes a scene.
    public init(nodes: [Node] = [], edges: [Edge] = []) {
        self.nodes = nodes
        self.edges = edges
    }

    /// Checks indices, parent chains and coordinates, throwing on the first problem.
    func validate() throws {
        for (i, node) in nodes.enumerated() {
            guard node.x.isFinite, node.y.isFinite else {
                throw RenderError("node '\(node.id)' has a position that is not a finite number")
            }
            if let w = node.width, !w.isFinite || w < 0 { throw RenderError("node '\(node.id)' has an invalid width") }
            if let h = node.height, !h.isFinite || h < 0 { throw RenderError("node '\(node.id)' has an invalid height") }
            var seen: Set<Int> = [i]
            var current = node.parent
            while let p = current {
                guard nodes.indices.contains(p) else {
                    throw RenderError("node '\(node.id)' has parent index \(p), but there are \(nodes.count) nodes")
                }
                guard seen.insert(p).inserted else {
                    throw RenderError("node '\(node.id)' is in a parent cycle")
                }
                current = nodes[p].parent
            }
        }
        for (k, edge) in edges.enumerated() {
            guard nodes.indices.contains(edge.source), nodes.indices.contains(edge.target) else {
                throw RenderError("edge \(k + 1) joins \(edge.source) and \(edge.target), but there are \(nodes.count) nodes")
            }
        }
    }
}
