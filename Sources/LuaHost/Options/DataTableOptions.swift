import DataTables

/// The options of `fl.data.write` and `fl.data.read`: `DataTableFile.Settings`, each option one line.
public enum DataTableOptions {
    /// The `format` option both take.
    private static let format = LuaSetting<DataTableFile.Settings>("format", \.format, described: "from the extension", "the file's format")

    /// `fl.data.write(path, rows, options)`: the declaration and its reader.
    public static let writing = LuaSettingsTable<DataTableFile.Settings>("fl.data.write", [
        format,
        LuaSetting("columns", \.columns, shape: "{\"name\", ...}", described: "sorted by name", "the columns, in order; every name in the rows must be among them"),
    ])

    /// `fl.data.read(path, options)`: the declaration and its reader.
    public static let reading = LuaSettingsTable<DataTableFile.Settings>("fl.data.read", [format])

    /// The declaration of `fl.data.write`.
    public static var write: LuaOptionTable { writing.table }
    /// The declaration of `fl.data.read`.
    public static var read: LuaOptionTable { reading.table }
}
