/// Where pictures, pages and progress go in a notebook: `forcelab kernel` installs a sink that sends them to the
/// front end as display data. A picture function shows its picture there, and given no path only there
/// (`fl.svg.graph(g)`);
/// `sim:run` shows its progress bar and its `show = true` frames there. Outside the kernel there is no sink and a
/// picture function needs a path.
public enum InlineDisplay {
    /// Shows `text` of `mimeType` ("image/svg+xml", "text/html", a PNG's base64 as "image/png"). With an `id`, the
    /// display of that id is replaced in place when `update` is true, else a new display of that id is made.
    public typealias Sink = (_ mimeType: String, _ text: String, _ id: String?, _ update: Bool) throws -> Void

    /// The kernel's sink; nil outside a notebook.
    nonisolated(unsafe) public static var sink: Sink?

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
