import ForceSimulation

/// The options of `fl.simulation(g, options)`; the defaults are the engine's own.
public enum SimulationOptions {
    /// Where alpha, alphaMin, alphaDecay, alphaTarget and velocityDecay must lie, as d3 documents them (outside it
    /// alpha turns negative or velocities grow each tick), for the options and for the accessors.
    public static let coolingRange: ClosedRange<Double> = 0...1

    /// The declaration.
    public static let table: LuaOptionTable = {
        let engine = ForceSimulation.Simulation.withDefaults()
        return LuaOptionTable("fl.simulation", [
            .integer("dimensions", default: engine.dimensions, in: 2...3, "2 or 3 (3 adds z, vz, fz)"),
            .integer("seed", default: Int(RandomSource().state), in: 0...Int(UInt32.max), "seed of d3's random source (the LCG every force shares); with `placement = \"random\"` it also chooses the start positions"),
            .choice("placement", ["phyllotaxis", "random"], default: "phyllotaxis", "where nodes without a position start: d3's spiral (the same for every seed), or uniformly at random from the seeded source in a disk (a ball in 3D) of the spiral's extent"),
            .choice("mode", ["exact", "fast"], default: "exact", "d3's arithmetic bit for bit, or the fast mode: the same forces computed for speed (in 2D the many-body force by multipoles, which take its theta up to 0.9: two to three times as fast a tick, layouts as good; docs/engine.md)"),
            .number("alpha", default: engine.alpha, in: coolingRange, "the starting alpha (cooling factor)"),
            .number("alphaMin", default: engine.alphaMin, in: coolingRange, "`sim:run` stops once alpha is below it"),
            .number("alphaDecay", default: engine.alphaDecay, in: coolingRange, "how fast alpha falls towards alphaTarget (1 - 0.001^(1/300): 300 ticks)"),
            .number("alphaTarget", default: engine.alphaTarget, in: coolingRange, "the value alpha moves towards"),
            .number("velocityDecay", default: engine.velocityDecay, in: coolingRange, "the share of velocity lost every tick"),
            .integer("threads", described: "the usable cores", in: 1...Int.max, "threads the forces may use; results do not depend on it"),
        ])
    }()
}

/// The options of `sim:run(options)`.
public enum RunOptions {
    /// The declaration.
    public static let table = LuaOptionTable("sim:run", [
        .integer("maxTicks", described: "no limit", in: 0...Int.max, "stop after this many ticks"),
        LuaOption("onTick", .function("function(sim, tick)"), "called after every tick"),
        .boolean("show", default: false, "animate the layout in the terminal (only when standard output is one)"),
        LuaOption("labels", ShowOptions.labels.value, "with `show`, as `g:show`'s labels: label these nodes, or the n nodes of highest degree"),
        .number("fps", default: LiveView.defaultFramesPerSecond, in: 0...Double.infinity, "with `show`, ticks drawn per second: every tick is a frame and the run waits between frames; `0` or `math.huge` runs as fast as it can, drawing a frame at most every 50 ms. The pace never changes the result"),
    ])
}

/// The options of `sim:record(options)`.
public enum RecordOptions {
    /// The declaration.
    public static let table = LuaOptionTable("sim:record", [
        .boolean("frames", default: true, "keep node positions (for `fl.html.replay`)"),
        .integer("every", default: 1, in: 1...Int.max, "keep positions every this many ticks"),
        LuaOption("values", .table("{name = function(sim) return number end}"), "custom series, recorded after every tick"),
    ])
}

extension ForceSimulation.Simulation {
    /// A simulation of no nodes with every default, to read the defaults from.
    static func withDefaults() -> ForceSimulation.Simulation {
        do {
            return try ForceSimulation.Simulation(nodeCount: 0)
        } catch {
            preconditionFailure("a simulation with the default dimensions is always made: \(error)")
        }
    }
}
