import Render

/// The options of `fl.html.replay(recording, path, options)`: the page's `Replay.Options`, each option one line
/// (defaults and ranges are the page's own), the per-node radius and per-edge width called for the recorded nodes and edges.
public enum ReplayOptions {
    /// The declaration and its reader.
    public static let settings: LuaSettingsTable<Replay.Options> = {
        let page = Replay.Options.self
        let radius = page.nodeRadiusRange, width = page.edgeWidthRange
        return LuaSettingsTable("fl.html.replay", [
            LuaSetting("title", \.title, "page title"),
            LuaSetting("fps", \.framesPerSecond, "frames per second while playing"),
            LuaSetting("radius", \.nodeRadius, each: .node, "node radius in pixels, from \(LuaOption.format(radius.lowerBound)) to \(LuaOption.format(radius.upperBound))"),
            LuaSetting("edgeWidth", \.edgeWidth, each: .edge, "edge width in pixels, from \(LuaOption.format(width.lowerBound)) to \(LuaOption.format(width.upperBound))"),
            LuaSetting("palette", \.palette, as: Palette.Name.self, \.colours, named: Palette.Name.init(colours:), "the colours of the nodes' `group` values"),
        ])
    }()

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
