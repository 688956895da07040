/// The options of `fl.live(sim, options)`: the server's, the pace, waiting, and the node and edge styles
/// `fl.svg.graph` declares (`GraphPictureOptions.elementStyles`).
public enum LiveOptions {
    /// The pace's range: at most this many frames a second.
    static let framesPerSecond: ClosedRange<Double> = 1...240

    /// The declaration.
    public static let table = LuaOptionTable("fl.live", [
        .integer("port", default: 0, in: 0...65535, "the port to listen on (0: a free one)"),
        .string("host", default: "127.0.0.1", "the address to listen on: loopback unless another address (or `\"0.0.0.0\"`, every address) is given"),
        .number("fps", default: 60, in: framesPerSecond, "at most this many ticks a second while the layout is warm, each sent to the pages as a frame (a slower tick sends every frame it computes)"),
        .boolean("wait", default: false, "return only when a page sends End, `fl.live.stop(sim)` is called or Ctrl-C (for scripts), with the positions as the page left them"),
    ] + GraphPictureOptions.elementStyles)
}
