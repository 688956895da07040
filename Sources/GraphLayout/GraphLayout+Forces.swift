import ForceSimulation

/// The forces of a layout: added, replaced and removed with the graph's current node set in the engine.
extension GraphLayout {
    /// The names of the forces in application order.
    public var forceNames: [String] { simulation.forceNames }

    /// The force registered under `name`.
    public func force(named name: String) -> (any Force)? {
        simulation.force(named: name)
    }

    /// Adds `force` under `name`, or replaces the force of that name in its slot (d3's order), after picking up
    /// edits of the graph; the force is initialised on the current nodes.
    public func setForce(_ name: String, _ force: any Force) throws {
        try exclusive("force") {
            try pullFromGraph()
            try simulation.setForce(name, force)
        }
    }

    /// Removes the force registered under `name` (adding it again puts it last).
    public func removeForce(_ name: String) throws {
        try exclusive("force") {
            _ = simulation.removeForce(name)
        }
    }

    /// Restarts d3's random source from `seed` and initialises the forces again.
    public func reseed(_ seed: UInt32) throws {
        try exclusive("seed") {
            try pullFromGraph()
            try simulation.reseed(seed)
        }
    }
}
