import ForceSimulation
import GraphModel

/// Adding, pinning and finding a layout's nodes, through the graph so that every view of it agrees, and their
/// velocities, which live in the engine.
extension GraphLayout {
    /// Adds `node` to the graph placed at once as d3 places a node the simulation takes in: fixed coordinates become
    /// its position, and a node still missing a coordinate gets its start point by the layout's placement at its
    /// index. It starts with `velocity` (vx, vy[, vz]; missing ones are 0) when given.
    public func add(_ node: Node, velocity: [Double]? = nil) throws {
        let three = simulation.dimensions == 3
        if let velocity, velocity.count > simulation.dimensions {
            throw LayoutError.noSuchAxis("vz", dimensions: simulation.dimensions)
        }
        var node = node
        var point = (x: node.fx ?? node.position.x, y: node.fy ?? node.position.y, z: node.fz ?? node.position.z ?? .nan)
        if point.x.isNaN || point.y.isNaN || (three && point.z.isNaN) {
            point = try simulation.startPoint(ofNode: graph.nodeCount, count: graph.nodeCount + 1)
        }
        node.position = Point(x: point.x, y: point.y, z: three ? point.z : node.position.z)
        try graph.addNode(node)
        if let velocity { pendingVelocities[node.id] = velocity + Array(repeating: 0, count: simulation.dimensions - velocity.count) }
    }

    /// The velocity (vx, vy[, vz]) of node `id`: the engine's, or for a node it has not taken in yet the one it will
    /// start with. Nil for a node the graph does not hold.
    public func velocity(of id: String) -> [Double]? {
        guard graph.containsNode(id) else { return nil }
        if let pending = pendingVelocities[id] { return pending }
        guard let i = index(of: id) else { return Array(repeating: 0, count: simulation.dimensions) }
        let kinetics = simulation.kinetics
        return (0..<kinetics.dimensions).map { kinetics.velocity(axis: $0)[i] }
    }

    /// Sets one component (axis 0 = vx, 1 = vy, 2 = vz) of node `id`'s velocity, as writing d3's `node.vx` does.
    public func setVelocity(of id: String, axis: Int, to value: Double) throws {
        guard var velocity = velocity(of: id) else { throw LayoutError.unknownNode(id) }
        guard axis < velocity.count else { throw LayoutError.noSuchAxis(["vx", "vy", "vz"][axis], dimensions: velocity.count) }
        if pendingVelocities[id] == nil, let i = index(of: id) {
            simulation.kinetics.velocity(axis: axis)[i] = value
        } else {
            velocity[axis] = value
            pendingVelocities[id] = velocity
        }
    }

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
