/// The options of `fl.graph.new(options)`.
public enum GraphOptions {
    /// The declaration for `fl.graph.new`.
    public static let new = LuaOptionTable("fl.graph.new", [
        .boolean("directed", default: true, "whether edges go from source to target (`g.directed` reads and sets it later; files keep it as each format says)"),
    ])
}
