/// World-space extents of a scene's nodes, labels and parent frames at a given zoom.
///
/// Labels and frame bands have fixed sizes in pixels, so their world size depends on the zoom.
struct SceneLayout {
    let scene: GraphScene
    let radii: [Double]
    let fontSize: Double
    /// Whether circle labels are drawn (and so take space below their nodes).
    let labelled: Bool
    /// Whether each node has children (and is drawn as a frame).
    let isParent: [Bool]
    /// The number of ancestors of each node.
    let depth: [Int]

    /// Prepares the extents of `scene`; `labelled` says whether circle labels take space.
    init(scene: GraphScene, radii: [Double], fontSize: Double, labelled: Bool) {
        self.scene = scene
        self.radii = radii
        self.fontSize = fontSize
        self.labelled = labelled
        var isParent = Array(repeating: false, count: scene.nodes.count)
        var depth = Array(repeating: 0, count: scene.nodes.count)
        for (i, node) in scene.nodes.enumerated() {
            if let p = node.parent { isParent[p] = true }
            var current = node.parent
            while let p = current {
                depth[i] += 1
                current = scene.nodes[p].parent
            }
        }
        self.isParent = isParent
        self.depth = depth
    }

    /// The extent of a node that is not a parent, with its label.
    private func leafRect(_ i: Int, zoom: Double) -> WorldRect {
        let node = scene.nodes[i]
        if node.isBox {
            return WorldRect(minX: node.x - node.width! / 2, minY: node.y - node.height! / 2,
                             maxX: node.x + node.width! / 2, maxY: node.y + node.height! / 2)
        }
        let r = radii[i]
        var rect = WorldRect(minX: node.x - r, minY: node.y - r, maxX: node.x + r, maxY: node.y + r)
        if labelled {
            let half = TextMeasure.width(node.label ?? node.id, fontSize: fontSize) / 2 / zoom
            rect = rect.union(WorldRect(minX: node.x - half, minY: node.y,
                                        maxX: node.x + half, maxY: node.y + r + (fontSize * 1.3 + 1) / zoom))
        }
        return rect
    }

    /// Frames of the parent nodes: their children's extents plus a margin and a label band, and a parent's own box
    /// where it has one (a frame a layout sized to hold its children is drawn as that box, not larger).
    func frames(zoom: Double) -> [Int: WorldRect] {
        var frames: [Int: WorldRect] = [:]
        let order = scene.nodes.indices.sorted { (depth[$0], $0) > (depth[$1], $1) }
        for i in order {
            var own: WorldRect
            if isParent[i] {
                guard let content = frames[i] else { continue }
                let node = scene.nodes[i]
                let pad = 10 / zoom
                own = content.expanded(left: pad, top: (fontSize + 12) / zoom, right: pad, bottom: pad)
                if node.isBox {
                    own = own.union(WorldRect(minX: node.x - node.width! / 2, minY: node.y - node.height! / 2,
                                              maxX: node.x + node.width! / 2, maxY: node.y + node.height! / 2))
                }
                frames[i] = own
            } else {
                own = leafRect(i, zoom: zoom)
            }
            if let p = scene.nodes[i].parent {
                frames[p] = frames[p].map { $0.union(own) } ?? own
            }
        }
        return frames.filter { isParent[$0.key] }
    }

    /// The extent of everything drawn, or nil for an empty scene.
    func bounds(zoom: Double) -> WorldRect? {
        let frames = frames(zoom: zoom)
        var bounds: WorldRect?
        for i in scene.nodes.indices {
            let rect = isParent[i] ? frames[i]! : leafRect(i, zoom: zoom)
            bounds = bounds.map { $0.union(rect) } ?? rect
        }
        return bounds
    }
}
