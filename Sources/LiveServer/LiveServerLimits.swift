/// How much a live server holds for its clients: what bounds its memory whatever the clients do.
public struct LiveServerLimits: Sendable {
    /// The longest text message a page may send, in bytes; a longer one is refused (and dropped as it arrives).
    public var messageBytes = 64 * 1024
    /// The most text messages waiting for one client; a client that falls further behind is disconnected.
    public var queuedMessages = 64
    /// The most bytes of text messages waiting for one client (they are shared between clients, not copied).
    public var queuedBytes = 64 * 1024 * 1024
    /// The most WebSocket clients at once; more are refused.
    public var clients = 64
    /// The most received messages waiting for the owner to take them; more are refused with an error message.
    public var events = 4096
    /// The bytes written to a socket at a time: a message longer is sent as WebSocket fragments.
    public var chunkBytes = 64 * 1024

    /// The defaults.
    public init() {}
}
