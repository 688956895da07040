import GraphModel

/// The options of `fl.graph.load(path, options)` and `g:save(path, options)`.
public enum GraphFileOptions {
    /// The format names a script may give: the formats, and `json` (d3 or React Flow by content when loading).
    public static let formatNames = GraphFormat.allCases.map(\.rawValue) + ["json"]

    /// The declaration for `fl.graph.load`.
    public static let load = LuaOptionTable("fl.graph.load", [
        .choice("format", formatNames, "the file's format; by default from the extension (and for `.json` from the content); `\"json\"` reads JSON whatever the extension, d3 or React Flow by content"),
    ])

    /// The declaration for `g:save`.
    public static let save = LuaOptionTable("g:save", [
        .choice("format", formatNames, "the file's format; by default from the extension (`.json`: d3); `\"json\"` is d3 JSON"),
        .boolean("lossy", default: false, "leave out what the format cannot hold instead of refusing the save, and say what was left out (the second result, and standard error; docs/formats.md says what each keeps)"),
    ])
}
