import GraphModel

/// The options of `fl.graph.new(options)`: GraphModel's `Graph.Settings`, each option one line.
public enum GraphOptions {
    /// The declaration and reader for `fl.graph.new`.
    public static let settings = LuaSettingsTable<Graph.Settings>("fl.graph.new", [
        LuaSetting("directed", \.directed, "whether edges go from source to target (`g.directed` reads and sets it later; files keep it as each format says)"),
    ])

    /// The declaration for `fl.graph.new`.
    public static var new: LuaOptionTable { settings.table }
}
