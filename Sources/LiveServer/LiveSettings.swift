/// What a live page is served with (`fl.live`'s options): where its server listens, how many frames a second the
/// session sends at most, and whether the call that serves it waits until a page ends the session.
public struct LiveSettings: Equatable, Sendable {
    /// The address to listen on: loopback unless another address (or "0.0.0.0", every address) is given.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 takes a free one.
    public var port = 0
    /// At most this many ticks a second while the layout is warm, each sent to the pages as a frame.
    public var framesPerSecond = 60.0
    /// Whether the call returns only when a page sends End, the session is stopped or Ctrl-C comes (for scripts).
    public var waits = false

    /// Every setting at its default.
    public init() {}

    /// The range a numeric setting must lie in, for readers that check settings by key path (the Lua options).
    public static func range(of setting: PartialKeyPath<LiveSettings>) -> ClosedRange<Double>? {
        switch setting {
        case \.port: 0...65535
        case \.framesPerSecond: 1...240
        default: nil
        }
    }
}
