import LiveServer

/// The options of `fl.live(sim, options)`: the live server's `LiveSettings` (address, pace, waiting), each option one
/// line (defaults and ranges are the server's own), and the node and edge styles `fl.svg.graph` declares
/// (`GraphPictureOptions.elementStyles`).
public enum LiveOptions {
    /// The declaration and its reader.
    public static let settings = LuaSettingsTable<LiveSettings>("fl.live", [
        LuaSetting("port", \.port, "the port to listen on (0: a free one)"),
        LuaSetting("host", \.host, "the address to listen on: loopback unless another address (or `\"0.0.0.0\"`, every address) is given"),
        LuaSetting("fps", \.framesPerSecond, "at most this many ticks a second while the layout is warm, each sent to the pages as a frame (a slower tick sends every frame it computes)"),
        LuaSetting("wait", \.waits, "return only when a page sends End, `fl.live.stop(sim)` is called or Ctrl-C (for scripts), with the positions as the page left them"),
    ], alsoTaking: GraphPictureOptions.elementStyles)

    /// The declaration.
    public static var table: LuaOptionTable { settings.table }
}
