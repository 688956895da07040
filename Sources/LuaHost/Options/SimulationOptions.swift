import ForceSimulation
import GraphLayout

/// The options of `fl.simulation(g, options)`: the engine's `SimulationSettings`, each option one line.
public enum SimulationOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<SimulationSettings>("fl.simulation", [
        LuaSetting("dimensions", \.dimensions, "2 or 3 (3 adds z, vz, fz)"),
        LuaSetting("seed", \.seed, "seed of d3's random source (the LCG every force shares); with `placement = \"random\"` it also chooses the start positions"),
        LuaSetting("placement", \.placement, "where nodes without a position start: d3's spiral (the same for every seed), or uniformly at random from the seeded source in a disk (a ball in 3D) of the spiral's extent"),
        LuaSetting("mode", \.mode, "d3's arithmetic bit for bit, or the fast mode: the same forces computed for speed (in 2D the many-body force by multipoles, which take its theta up to 0.9: two to three times as fast a tick, layouts as good; docs/engine.md)"),
        LuaSetting("alpha", \.alpha, "the starting alpha (cooling factor)"),
        LuaSetting("alphaMin", \.alphaMin, "`sim:run` stops once alpha is below it"),
        LuaSetting("alphaDecay", \.alphaDecay, "how fast alpha falls towards alphaTarget (1 - 0.001^(1/300): 300 ticks)"),
        LuaSetting("alphaTarget", \.alphaTarget, "the value alpha moves towards"),
        LuaSetting("velocityDecay", \.velocityDecay, "the share of velocity lost every tick"),
        LuaSetting("threads", \.threads, described: "the usable cores", "threads the forces may use; results do not depend on it"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}

/// The options of `sim:run(options)`: `RunSettings`, each option one line.
public enum RunOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<RunSettings>("sim:run", [
        LuaSetting("maxTicks", \.maxTicks, described: "no limit", "stop after this many ticks"),
        LuaSetting("onTick", \.onTick, function: "function(sim, tick)", "called after every tick"),
        LuaSetting("show", \.show, "animate the layout in the terminal (only when standard output is one)"),
        labels, framesPerSecond,
    ])
    /// `labels`, which only `show` uses.
    static let labels = LuaSetting<RunSettings>("labels", \.labels, "with `show`, as `g:show`'s labels: label these nodes, or the n nodes of highest degree")
    /// `fps`, which only `show` uses.
    static let framesPerSecond = LuaSetting<RunSettings>("fps", \.framesPerSecond, "with `show`, ticks drawn per second: every tick is a frame and the run waits between frames; `0` or `math.huge` runs as fast as it can, drawing a frame at most every 50 ms. The pace never changes the result")
    /// The options that mean something only with `show = true`, in the order a refusal names the first given.
    static let withShowOnly = [framesPerSecond, labels]

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }

    /// Reads the options at argument `n` (the labels styled for `graph`); an option of `withShowOnly` given without
    /// `show = true` is refused.
    static func read(_ arguments: LuaArguments, _ n: Int32, graph: GraphHandle) throws -> RunSettings {
        let options = try OptionsReader(arguments, n, table)
        let settings = try self.settings.read(options, styling: ElementStyles.Elements(graph: graph))
        if !settings.show, let given = withShowOnly.first(where: { options.has($0.option.name) }) {
            throw options.error(given.option.name, expected: "show = true", got: "no show")
        }
        return settings
    }
}

/// The options of `sim:record(options)`: `RecordSettings`, the recording's `LayoutRecording.Settings` and the custom
/// series, each option one line.
public enum RecordOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<RecordSettings>("sim:record", [
        LuaSetting(LuaSetting("frames", \.keepsFrames, "keep node positions (for `fl.html.replay`)"), of: \.recording),
        LuaSetting(LuaSetting("every", \.every, "keep positions every this many ticks"), of: \.recording),
        LuaSetting("values", \.values, keptBy: \.keeper, shape: "{name = function(sim) return number end}", "custom series, recorded after every tick"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
