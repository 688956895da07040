import Render

/// The options of `fl.html.replay(recording, path, options)`; the defaults are the page's own.
public enum ReplayOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = Replay.Options()
        return LuaOptionTable("fl.html.replay", [
            .string("title", default: settings.title, "page title"),
            .number("fps", default: settings.framesPerSecond, in: Replay.Options.framesPerSecondRange, "frames per second while playing"),
            .number("radius", default: settings.nodeRadius, in: Replay.Options.nodeRadiusRange, "node radius in pixels at zoom 1"),
            .choice("palette", Palette.Name.self, default: Palette.Name(colours: settings.palette), "the colours of the nodes' `group` values"),
        ])
    }()
}
