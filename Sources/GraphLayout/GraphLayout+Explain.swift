import ForceSimulation

/// What a layout's simulation is doing now, read without changing it: for pictures that explain the layout.
extension GraphLayout {
    /// Each node's velocity (x, y), in graph order, after picking up edits of the graph.
    public func velocities() throws -> [SIMD2<Double>] {
        try exclusive("velocities") {
            try pullFromGraph()
            let k = simulation.kinetics
            return (0..<k.count).map { SIMD2(k.vx[$0], k.vy[$0]) }
        }
    }

    /// Each node's net force (x, y), in graph order: the velocity change one application of every force at the
    /// current alpha would make (`Simulation.velocityChanges`); the simulation is left as it was.
    public func netForces() throws -> [SIMD2<Double>] {
        try exclusive("forces") {
            try pullFromGraph()
            let change = try simulation.velocityChanges()
            return zip(change[0], change[1]).map { SIMD2($0, $1) }
        }
    }

    /// The Barnes-Hut cells node `id`'s sum in the many-body force `force` uses at `theta` (the force's own when
    /// nil). `force` nil picks the only many-body force.
    public func barnesHutCells(node id: String, force name: String?, theta: Double?) throws -> BarnesHutCells {
        try exclusive("cells") {
            try pullFromGraph()
            guard simulation.dimensions == 2 else { throw ExplainError.notTwoDimensional }
            guard simulation.mode == .exact else { throw ExplainError.fastMode }
            guard let node = index(of: id) else { throw LayoutError.unknownNode(id) }
            let manyBody = forceNames.filter { simulation.force(named: $0) is ManyBodyForce }
            let chosen = name ?? (manyBody.count == 1 ? manyBody[0] : nil)
            guard let chosen, let force = simulation.force(named: chosen) as? ManyBodyForce else {
                throw ExplainError.noManyBodyForce(asked: name, present: manyBody)
            }
            return try force.cellsVisited(by: node, in: simulation.kinetics, theta: theta)!
        }
    }
}

/// Why a layout cannot explain what was asked.
public enum ExplainError: Error, Equatable, CustomStringConvertible {
    /// Barnes-Hut cells are drawn for two dimensions only.
    case notTwoDimensional
    /// A fast-mode simulation, whose many-body sum does not walk d3's Barnes-Hut cells.
    case fastMode
    /// No many-body force by the name asked, or (none asked) not exactly one; with the many-body forces present.
    case noManyBodyForce(asked: String?, present: [String])

    /// The message shown to users.
    public var description: String {
        switch self {
        case .notTwoDimensional: "Barnes-Hut cells can be drawn for a 2D simulation only"
        case .fastMode:
            "the simulation is in fast mode, whose many-body sum does not use d3's Barnes-Hut cells: draw them from a simulation with mode = \"exact\""
        case .noManyBodyForce(let asked?, let present):
            "no many-body force named '\(asked)' (many-body forces: \(present.isEmpty ? "none" : present.joined(separator: ", ")))"
        case .noManyBodyForce(nil, let present):
            present.isEmpty ? "the simulation has no many-body force"
                : "the simulation has several many-body forces (\(present.joined(separator: ", "))): name one with force ="
        }
    }
}
