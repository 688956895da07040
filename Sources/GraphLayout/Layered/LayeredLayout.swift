import GraphModel

/// A layered (Sugiyama) layout for flows: cycles broken, nodes put in layers so that edges run one way, the order
/// within each layer chosen to cross few edges, and boxes of their own sizes placed near their neighbours without
/// overlapping. A parent is laid out as one box holding its children's own layered layout (React Flow's parents:
/// its children's positions relative to its corner, its width and height grown to hold them), so groups stay
/// whole; the edges between different groups count at the level of the groups that hold their ends.
public enum LayeredLayout {
    /// Lays `graph` out and writes every node's position (its top-left corner, a child's relative to its parent)
    /// and each parent's width and height, in one change. Nodes without a size are points. `check` is called with
    /// the work of each step and sweep, and may throw to stop (an interrupt or a limit); the graph is then left as
    /// it was. Deterministic: no random choices, ties broken by node and edge order.
    public static func apply(to graph: Graph, options: LayeredOptions = LayeredOptions(),
                             check: (Int) throws -> Void = { _ in }) throws -> LayeredOutcome {
        try options.check()
        let levels = try LayeredLevels(graph, check: check)
        let nodes = graph.nodes
        var size = nodes.map { SIMD2($0.width ?? 0, $0.height ?? 0) }
        var corner = Array(repeating: SIMD2<Double>(0, 0), count: nodes.count)
        var crossings = 0, bends = 0, topLayers = 0
        // Deepest parents first, so a parent's size is known before its own level is laid out.
        let parents = levels.members.keys.compactMap { $0 }.sorted { depth($0, levels) != depth($1, levels)
            ? depth($0, levels) > depth($1, levels) : $0 < $1 }
        for level in parents.map(Optional.some) + [nil] {
            let members = levels.members[level] ?? []
            let placed = try layOut(members, edges: levels.edges[level] ?? [], sizes: members.map { size[$0] },
                                    options: options, check: check)
            crossings += placed.crossings
            bends += placed.bends
            let inset = level == nil ? SIMD2<Double>(0, 0) : SIMD2(options.padding, options.padding + options.labelHeight)
            for (i, member) in members.enumerated() { corner[member] = placed.corners[i] + inset }
            if let level {
                size[level] = placed.extent + SIMD2(2 * options.padding, 2 * options.padding + options.labelHeight)
            } else {
                topLayers = placed.layers
            }
        }
        var changes: [NodeChange] = nodes.indices.map { .position(id: nodes[$0].id, position: Point(x: corner[$0].x, y: corner[$0].y)) }
        for case let parent? in levels.members.keys {
            changes.append(.dimensions(id: nodes[parent].id, width: size[parent].x, height: size[parent].y))
        }
        try graph.applyNodeChanges(changes)
        return LayeredOutcome(layers: topLayers, crossings: crossings, bends: bends)
    }

    /// How many ancestors `node` has.
    private static func depth(_ node: Int, _ levels: LayeredLevels) -> Int {
        var count = 0, current = node
        while let up = levels.parent[current] { count += 1; current = up }
        return count
    }

    /// One level laid out: each member's top-left corner (the level's boxes starting at 0, 0) and the extent they
    /// cover, with the level's layers, crossings and bends.
    private static func layOut(_ members: [Int], edges: [(Int, Int)], sizes: [SIMD2<Double>], options: LayeredOptions,
                               check: (Int) throws -> Void)
        throws -> (corners: [SIMD2<Double>], extent: SIMD2<Double>, layers: Int, crossings: Int, bends: Int) {
        let local = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1, $0) })
        let localEdges = edges.map { (local[$0.0]!, local[$0.1]!) }
        let right = options.direction == .right
        let along = sizes.map { right ? $0.x : $0.y }, across = sizes.map { right ? $0.y : $0.x }
        let acyclic = try CycleRemoval.acyclic(nodeCount: members.count, edges: localEdges, check: check)
        let layer = try LayerAssignment.layers(nodeCount: members.count, edges: acyclic, ranking: options.ranking, check: check)
        var diagram = try LayeredDiagram(layer: layer, along: along, across: across, edges: acyclic, check: check)
        let crossings = try CrossingReduction.reduce(&diagram, sweeps: options.sweeps, check: check)
        let centre = try CoordinateAssignment.centres(diagram, separation: options.nodeSeparation,
                                                      passes: options.placementPasses, check: check)
        var layerStart = [0.0]
        for vertices in diagram.layers {
            let thickness = vertices.map { diagram.along[$0] }.max() ?? 0
            layerStart.append(layerStart.last! + thickness + options.layerSeparation)
        }
        var extent = SIMD2<Double>(0, 0)
        let corners = members.indices.map { i -> SIMD2<Double> in
            let thickness = layerStart[layer[i] + 1] - layerStart[layer[i]] - options.layerSeparation
            let first = layerStart[layer[i]] + (thickness - along[i]) / 2, second = centre[i] - across[i] / 2
            let corner = right ? SIMD2(first, second) : SIMD2(second, first)
            extent = pointwiseMax(extent, corner + sizes[i])
            return corner
        }
        return (corners, extent, diagram.layers.count, crossings, diagram.vertexCount - members.count)
    }
}
