/// The options of `g:show(options)`.
public enum ShowOptions {
    /// The declaration.
    public static let table = LuaOptionTable("g:show", [
        .integer("columns", described: "the terminal's width", in: 1...Int.max, "width in characters"),
        .integer("rows", described: "the terminal's height less 2", in: 1...Int.max, "height in lines"),
        LuaOption("labels", .custom("a list of node ids, or a count n"), "label these nodes, or the n nodes of highest degree, beside their blocks"),
    ])
}
