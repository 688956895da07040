import CLuaShim
import ForceSimulation
import GraphLayout

/// `sim:run` as a script sees it: the layout's run with, after each tick, the run's display (progress bar or live
/// view), the frames of the simulation's live pages, the graph's events and the script's `onTick`; the limits and
/// Ctrl-C checked at every tick.
enum ScriptedRun {
    /// Runs `simulation` until it converges, reaches `maxTicks` ticks or is stopped, showing it on `display`; `onTick`
    /// is called as `onTick(sim, tick)` with the simulation's userdata at stack index `simulationIndex` of `L`.
    /// Returns the ticks run and why the run ended.
    static func run(
        _ simulation: SimulationHandle, in L: OpaquePointer, simulationIndex: Int32, maxTicks: Int, onTick: LuaReference?,
        display: RunDisplay
    ) throws -> (ticks: Int, outcome: RunOutcome) {
        let layout = simulation.layout
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
            maxTicks: maxTicks, check: { try LuaLimits.check(L, cost: layout.graph.nodeCount + layout.graph.edgeCount) },
            afterTick: onTick != nil || display.isActive || simulation.live != nil ? afterTick : nil)
        let ticks = layout.ticksDone - ticksBefore
        try display.end(ticks: ticks, alpha: layout.simulation.alpha)
        return (ticks, outcome)
    }
}
