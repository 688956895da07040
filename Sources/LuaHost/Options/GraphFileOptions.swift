import GraphModel

/// The options of `fl.graph.load(path, options)` and `g:save(path, options)`: GraphModel's `GraphFileSettings`, each
/// option one line.
public enum GraphFileOptions {
    /// The declaration and reader for `fl.graph.load`.
    public static let loading = LuaSettingsTable<GraphFileSettings>("fl.graph.load", [
        format("the file's format (a `.json` file's by its content); `\"json\"` reads JSON whatever the extension, d3 or React Flow by content"),
    ])

    /// The declaration and reader for `g:save`.
    public static let saving = LuaSettingsTable<GraphFileSettings>("g:save", [
        format("the file's format (a `.json` file's: d3); `\"json\"` is d3 JSON"),
        LuaSetting("lossy", \.lossy, "leave out what the format cannot hold instead of refusing the save, and say what was left out (the second result, and standard error; docs/formats.md says what each keeps)"),
    ])

    /// The declaration for `fl.graph.load`.
    public static var load: LuaOptionTable { loading.table }
    /// The declaration for `g:save`.
    public static var save: LuaOptionTable { saving.table }

    /// The `format` option, with what it means for the function (`doc`).
    private static func format(_ doc: String) -> LuaSetting<GraphFileSettings> {
        LuaSetting("format", \.format, names: GraphFormatChoice.names, GraphFormatChoice.init(name:), described: "from the extension", doc)
    }
}
