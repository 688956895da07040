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

    /// Draws the layout's random numbers from `draw` (d3's `randomSource`: jiggles and random placement) instead of
    /// d3's LCG (nil: the LCG again), and initialises the forces again. A value outside [0, 1) or an error of `draw`
    /// fails the work that drew it (the tick, the placement, the initialisation) once it is done.
    public func setRandomSource(_ draw: (() throws -> Double)?) throws {
        try exclusive("randomSource") {
            try pullFromGraph()
            try simulation.setRandomGenerator(draw.map { draw in
                {
                    let value = try draw()
                    guard value >= 0, value < 1 else { throw LayoutError.randomOutOfRange(value) }
                    return value
                }
            })
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
