import DataTables

/// The options of `fl.data.write` and `fl.data.read`.
public enum DataTableOptions {
    /// `fl.data.write(path, rows, options)`.
    public static let write = LuaOptionTable("fl.data.write", [
        LuaOption("format", .choice(DataTableFormat.allCases.map(\.rawValue)), default: .described("from the extension"), "the file's format"),
        LuaOption("columns", .table("{\"name\", ...}"), default: .described("sorted by name"), "the columns, in order; every name in the rows must be among them"),
    ])

    /// `fl.data.read(path, options)`.
    public static let read = LuaOptionTable("fl.data.read", [
        LuaOption("format", .choice(DataTableFormat.allCases.map(\.rawValue)), default: .described("from the extension"), "the file's format"),
    ])
}
