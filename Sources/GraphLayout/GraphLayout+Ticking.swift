import ForceSimulation

/// Ticking a layout: d3's `tick(n)` and a timer-like `run`, with events through the engine's handlers.
extension GraphLayout {
    /// Runs `count` ticks as d3's `tick(n)` (no events, no alphaMin check), picking up node-set changes between
    /// ticks; `check` runs before each tick and each pass of a thorough projection, and may throw to stop (an
    /// interrupt or a limit). Positions are written back at the end, also when a tick fails.
    public func tick(_ count: Int = 1, check: () throws -> Void = {}) throws {
        try exclusive("tick") {
            try pullFromGraph()
            try keepingPositions {
                for _ in 0..<max(0, count) {
                    try check()
                    try pullNodeSet()
                    var stopping: Error?
                    try simulation.tick(shouldStop: {
                        do { try check() } catch { stopping = error }
                        return stopping != nil
                    })
                    if let stopping { throw stopping }
                    try tickDone()
                }
            }
        }
    }

    /// Ticks until alpha falls below alphaMin (calling the end handlers), `maxTicks` ticks or `stop()`; `check` runs
    /// before each tick and each pass of a thorough projection, and may throw to stop (an interrupt or a limit). After each tick `afterTick(tick)` runs, if
    /// given, then the tick handlers; both see the current positions in the graph and may edit it or call the layout
    /// (positions are written back only for them).
    @discardableResult
    public func run(
        maxTicks: Int = .max, check: () throws -> Void = {}, afterTick: ((Int) throws -> Void)? = nil
    ) throws -> RunOutcome {
        try exclusive("run") {
            try pullFromGraph()
            restart()
            var ticks = 0
            var stopping: Error?
            return try keepingPositions {
                let outcome = try simulation.run(
                    maxTicks: maxTicks,
                    onTick: { _ in
                        ticks += 1
                        try self.tickDone()
                        if let afterTick { try self.idle { try afterTick(ticks) } }
                    },
                    shouldStop: {
                        do { try check() } catch { stopping = error }
                        return stopping != nil || stopRequested
                    })
                if let stopping { throw stopping }
                return outcome
            }
        }
    }

    /// Registers (or with nil removes) the handler called `name` for `event`, through the engine's handlers; it runs
    /// with the current positions in the graph and may edit it or call the layout.
    public func on(_ event: SimulationEvent, name: String = "", perform handler: ((GraphLayout) throws -> Void)?) {
        guard let handler else { return simulation.on(event, name: name, perform: nil) }
        simulation.on(event, name: name) { [unowned self] _ in try idle { try handler(self) } }
    }

    /// Runs engine work and writes the positions back once, whether it finishes or throws.
    func keepingPositions<T>(_ work: () throws -> T) throws -> T {
        let result: T
        do {
            result = try work()
        } catch {
            try? writeBack()
            throw error
        }
        try writeBack()
        return result
    }
}
