/// The options of `g:show(options)`: the preview's `PreviewSize`, each option one line, and the labels the binding
/// reads.
public enum ShowOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<PreviewSize>("g:show", [
        LuaSetting("columns", \.columns, described: "the terminal's width", "width in characters"),
        LuaSetting("rows", \.rows, described: "the terminal's height less 2", "height in lines"),
        LuaSetting(readByTheBinding: labels),
    ])

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }

    /// The `labels` option, which `sim:run` takes too for its live view.
    static let labels = LuaOption(
        "labels", .custom("a list of node ids, or a count n"), "label these nodes, or the n nodes of highest degree, beside their blocks")
}
