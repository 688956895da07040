import GraphModel

/// One level of a layered layout made proper: the level's nodes (vertices `0..<nodeCount`) in their layers, and
/// each edge spanning several layers cut into a chain through bend vertices (one per layer crossed), so every
/// edge joins neighbouring layers. Sizes run along the layers' direction (`along`) and across it (`across`).
struct LayeredDiagram {
    /// How many vertices are the level's nodes; the rest are bends.
    let nodeCount: Int
    /// Each vertex's layer.
    var layerOf: [Int]
    /// The vertices of each layer, in their order within it.
    var layers: [[Int]]
    /// Each vertex's neighbours in the layer before its own (one entry per edge).
    var above: [[Int]]
    /// Each vertex's neighbours in the layer after its own (one entry per edge).
    var below: [[Int]]
    /// Each vertex's size along the direction of the edges (0 for bends).
    var along: [Double]
    /// Each vertex's size across it (0 for bends).
    var across: [Double]

    /// The diagram of nodes with `layer`s and sizes, and `edges` running from a lower layer to a higher one;
    /// `check` is called with each edge's layers crossed.
    init(layer: [Int], along: [Double], across: [Double], edges: [(Int, Int)], check: (Int) throws -> Void) throws {
        nodeCount = layer.count
        let bends = edges.reduce(0) { $0 + max($1.1 - $1.0, 1) - 1 }
        try MemoryRequest.check((nodeCount + bends) * 8, of: Int.self, for: "the layered layout's \(bends) bends of long edges")
        layerOf = layer
        self.along = along
        self.across = across
        above = Array(repeating: [], count: nodeCount)
        below = Array(repeating: [], count: nodeCount)
        for (source, target) in edges {
            var previous = source
            for bendLayer in (layerOf[source] + 1)..<max(layerOf[target], layerOf[source] + 1) {
                let bend = layerOf.count
                layerOf.append(bendLayer)
                self.along.append(0)
                self.across.append(0)
                above.append([previous])
                below.append([])
                below[previous].append(bend)
                previous = bend
            }
            below[previous].append(target)
            above[target].append(previous)
            try check(layerOf[target] - layerOf[source])
        }
        layers = Array(repeating: [], count: (layerOf.max() ?? -1) + 1)
        for (vertex, layer) in layerOf.enumerated() { layers[layer].append(vertex) }
    }

    /// Whether `vertex` is a bend of a long edge.
    func isBend(_ vertex: Int) -> Bool { vertex >= nodeCount }

    /// The vertices, all layers together.
    var vertexCount: Int { layerOf.count }
}
