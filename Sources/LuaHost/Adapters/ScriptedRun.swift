import CLuaShim
import ForceSimulation
import GraphLayout

/// `sim:run` as a script sees it: the layout's run with, after each tick, the run's display (progress bar or live
/// view, made from the run's settings), the frames of the simulation's live pages, the graph's events and the
/// script's `onTick`; the limits and Ctrl-C checked at every tick.
enum ScriptedRun {
    /// Runs `simulation` as `settings` say: until it converges, reaches `maxTicks` ticks or is stopped, with the
    /// progress bar, or the live view when `show`; `onTick` is called as `onTick(sim, tick)` with the simulation's
    /// userdata at stack index `simulationIndex` of `L`. Returns the ticks run and why the run ended.
    static func run(
        _ simulation: SimulationHandle, in L: OpaquePointer, simulationIndex: Int32, settings: RunSettings
    ) throws -> (ticks: Int, outcome: RunOutcome) {
        let layout = simulation.layout
        let live = settings.show
            ? LiveView(graph: layout.graph, framesPerSecond: settings.framesPerSecond, labels: settings.labels, sink: InlineDisplay.sink(L))
            : nil
        let display = RunDisplay(alphaMin: layout.simulation.alphaMin, live: live, sink: InlineDisplay.sink(L))
        let onTick = settings.onTick
        defer { display.close(tick: layout.ticksDone, alpha: layout.simulation.alpha) }
        let ticksBefore = layout.ticksDone
        let afterTick = { (tick: Int) throws in
            try display.afterTick(tick: tick, alpha: layout.simulation.alpha)
            try simulation.live?.afterSessionTick(L)
            try LuaContext.of(L).deliverEvents(L)
            try onTick?.call(L) {
                lua_pushvalue(L, simulationIndex)
                lua_pushinteger(L, lua_Integer(tick))
                return 2
            }
        }
        let outcome = try layout.run(
            maxTicks: settings.maxTicks ?? Int.max, check: { try LuaLimits.check(L, cost: layout.graph.nodeCount + layout.graph.edgeCount) },
            afterTick: onTick != nil || display.isActive || simulation.live != nil ? afterTick : nil)
        let ticks = layout.ticksDone - ticksBefore
        try display.end(ticks: ticks, alpha: layout.simulation.alpha)
        return (ticks, outcome)
    }

    /// How `sim:run` names why a run ended: "converged", "maxTicks" or "stopped".
    static func name(of outcome: RunOutcome) -> String {
        switch outcome {
        case .converged: "converged"
        case .tickLimit: "maxTicks"
        case .interrupted: "stopped"
        }
    }
}
