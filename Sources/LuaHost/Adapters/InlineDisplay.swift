/// Where pictures, pages and progress go in a notebook: `forcelab kernel` gives its Lua state a sink
/// (`LuaState.displaySink`) that sends them to the front end as display data; other states in the process have none. A picture function shows its picture there, and given no path only there
/// (`fl.svg.graph(g)`);
/// `sim:run` shows its progress bar and its `show = true` frames there. Outside the kernel there is no sink and a
/// picture function needs a path.
public enum InlineDisplay {
    /// Shows `text` of `mimeType` ("image/svg+xml", "text/html", a PNG's base64 as "image/png"). With an `id`, the
    /// display of that id is replaced in place when `update` is true, else a new display of that id is made.
    public typealias Sink = (_ mimeType: String, _ text: String, _ id: String?, _ update: Bool) throws -> Void

    /// The sink of the state `L` belongs to; nil outside a notebook.
    static func sink(_ L: OpaquePointer) -> Sink? {
        LuaContext.of(L).displaySink
    }

    /// Runs `body` with `sink` as the sink of the state `L` belongs to, then puts its own back.
    static func with<T>(_ sink: @escaping Sink, in L: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        let context = LuaContext.of(L)
        let saved = context.displaySink
        defer { context.displaySink = saved }
        context.displaySink = sink
        return try body()
    }

    /// The picture or page the value at `index` of `L` displays as (a graph's SVG, a recording's replay), or nil for
    /// a value that has none: a notebook shows it as the cell's result.
    public static func picture(of L: OpaquePointer, at index: Int32) throws -> (mimeType: String, text: String)? {
        try DisplayBindings.picture(L, at: index)
    }

    /// A fresh id for a display that will be updated in place (a progress bar, an animation).
    static func newIdentifier(_ kind: String) -> String {
        serial += 1
        return "forcelab-\(kind)-\(serial)"
    }

    nonisolated(unsafe) private static var serial = 0
}
