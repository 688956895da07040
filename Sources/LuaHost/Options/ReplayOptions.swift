import Render

/// The options of `fl.html.replay(recording, path, options)`; the defaults are the page's own.
public enum ReplayOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = Replay.Options()
        return LuaOptionTable("fl.html.replay", [
            .string("title", default: settings.title, "page title"),
            .number("fps", default: settings.framesPerSecond, in: Replay.Options.framesPerSecondRange, "frames per second while playing"),
            LuaOption("radius", .nodeNumber, default: .number(settings.nodeRadius), "node radius in pixels, from \(LuaOption.format(Replay.Options.nodeRadiusRange.lowerBound)) to \(LuaOption.format(Replay.Options.nodeRadiusRange.upperBound))"),
            LuaOption("edgeWidth", .edgeNumber, default: .number(settings.edgeWidth), "edge width in pixels, from 0 to \(LuaOption.format(Replay.Options.edgeWidthRange.upperBound))"),
            .choice("palette", Palette.Name.self, default: Palette.Name(colours: settings.palette), "the colours of the nodes' `group` values"),
        ])
    }()
}
