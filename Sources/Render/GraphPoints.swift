import GraphModel

/// A graph reduced to what metrics and terminal previews need: node centres and edges by node index.
public struct GraphPoints {
    /// Node centres in node order (absolute; a box's centre).
    public let positions: [SIMD2<Double>]
    /// Edges as (source, target) node indices.
    public let edges: [(Int, Int)]
    /// Each node's box (width, height) when it has both, in node order; nil for a point.
    public let boxes: [SIMD2<Double>?]
    /// Each node's parent as a node index, in node order; nil for a top-level node.
    public let parents: [Int?]

    /// The points of `graph`; a node without a position is an error.
    public init(_ graph: Graph) throws {
        var positions: [SIMD2<Double>] = [], boxes: [SIMD2<Double>?] = [], parents: [Int?] = []
        positions.reserveCapacity(graph.nodeCount)
        boxes.reserveCapacity(graph.nodeCount)
        parents.reserveCapacity(graph.nodeCount)
        try graph.forEachNode { node in
            positions.append(try GraphScene.centre(of: node, in: graph))
            boxes.append(node.width.flatMap { width in node.height.map { SIMD2(width, $0) } })
            parents.append(node.parentId.flatMap { graph.index(ofNode: $0) })
        }
        self.positions = positions
        edges = graph.edgeEndIndices
        self.boxes = boxes
        self.parents = parents
    }

    /// Throws naming the first position that is not a finite number, or else the first edge whose end is no node.
    static func check(positions: [SIMD2<Double>], edges: [(Int, Int)]) throws {
        if let bad = positions.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            throw RenderError("node \(bad + 1) has a position that is not a finite number")
        }
        if let bad = edges.firstIndex(where: { !positions.indices.contains($0.0) || !positions.indices.contains($0.1) }) {
            throw RenderError("edge \(bad + 1) joins \(edges[bad].0) and \(edges[bad].1), but there are \(positions.count) nodes")
        }
    }
}
