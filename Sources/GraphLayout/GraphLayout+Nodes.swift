import ForceSimulation
import GraphModel

/// Pinning and finding a layout's nodes, through the graph so that every view of it agrees.
extension GraphLayout {
    /// Pins a node (d3's fx, fy, fz) at the given coordinates, or where it is for those not given.
    public func fix(_ id: String, x: Double? = nil, y: Double? = nil, z: Double? = nil) throws {
        try exclusive("fix") {
            try pullFromGraph()
            guard let node = graph.node(id) else { throw LayoutError.unknownNode(id) }
            let three = simulation.dimensions == 3
            try graph.updateNode(id) {
                $0.fx = x ?? node.position.x
                $0.fy = y ?? node.position.y
                if three { $0.fz = z ?? node.position.z }
            }
            try pullFromGraph()
        }
    }

    /// Frees a pinned node.
    public func unfix(_ id: String) throws {
        try exclusive("unfix") {
            try pullFromGraph()
            guard graph.containsNode(id) else { throw LayoutError.unknownNode(id) }
            try graph.updateNode(id) {
                $0.fx = nil
                $0.fy = nil
                $0.fz = nil
            }
            try pullFromGraph()
        }
    }

    /// The id of the node nearest to (x, y[, z]) strictly within `radius` (any distance when nil), as d3's `find`.
    public func find(x: Double, y: Double, z: Double = 0, radius: Double? = nil) throws -> String? {
        try exclusive("find") {
            try pullFromGraph()
            return simulation.find(x: x, y: y, z: z, radius: radius).map { nodeIds[$0] }
        }
    }
}
