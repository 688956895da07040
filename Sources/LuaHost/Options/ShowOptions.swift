/// The options of `g:show(options)`: the preview's `PreviewSettings`, each option one line.
public enum ShowOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<PreviewSettings>("g:show", [
        LuaSetting("columns", \.columns, described: "the terminal's width", "width in characters"),
        LuaSetting("rows", \.rows, described: "the terminal's height less 2", "height in lines"),
        LuaSetting("labels", \.labels, "label these nodes, or the n nodes of highest degree, beside their blocks"),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
