import CWebSockets
import Foundation

/// A live page's HTTP and WebSocket server, through libwebsockets, on a thread of its own: it serves the page's few
/// paths and one WebSocket path to requests that carry its random token, hands the messages pages send to its owner
/// (`takeEvents`, with `wakeupDescriptor` to poll), and sends what the owner gives it to every page, each page's
/// backlog bounded (`LiveServerLimits`). It knows nothing of simulations or Lua.
public final class LiveServer: @unchecked Sendable {
    /// A connected page.
    public typealias ClientID = Int
    /// The bytes served at a path (with the path's content type), or nil for a path that is not the page's.
    public typealias Page = @Sendable (_ path: String) -> (contentType: String, body: [UInt8])?

    /// What happened since the owner last looked.
    public enum Event: Equatable, Sendable {
        /// A page opened the WebSocket.
        case connected(ClientID)
        /// A page sent a text message (well-formed UTF-8 within the size limit; what it says is the owner's to check).
        case message(ClientID, String)
        /// A page's WebSocket closed.
        case disconnected(ClientID)
    }

    /// The WebSocket's path.
    public static let socketPath = "/socket"

    /// The address listened on, as given.
    public let host: String
    /// The port listened on (the one the system chose when 0 was asked for).
    public private(set) var port: Int
    /// The random token every request must carry as `?token=`.
    public let token: String
    /// What the server holds at most.
    public let limits: LiveServerLimits
    /// The page's URL, token included.
    public var url: String { "\(origin)/?token=\(token)" }
    /// The origin the page has when loaded from `url`, which its WebSocket must come from.
    public var origin: String { "http://\(Self.urlHost(host)):\(port)" }
    /// A descriptor that reads as ready while events wait (poll it with other inputs; `takeEvents` clears it).
    public var wakeupDescriptor: Int32 { wakeup.descriptor }

    let page: Page
    /// The Host headers accepted (nil: any, for a server bound to every address).
    private(set) var acceptedHosts: Set<String>?
    private let wakeup: Wakeup
    private let lock = NSLock()
    private var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let protocolName: UnsafeMutablePointer<CChar>
    private let finished = DispatchSemaphore(value: 0)

    // Shared between the owner and the service thread, under `lock`.
    private var queues: [ClientID: ClientQueue] = [:]
    private var events: [Event] = []
    private var stopping = false

    // The service thread's own.
    var sockets: [ClientID: OpaquePointer] = [:]
    var incoming: [ClientID: IncomingMessage] = [:]
    var transfers: [ClientID: HTTPTransfer] = [:]
    var nextClient: ClientID = 1

    /// Starts a server on `host` (an address; loopback by default) and `port` (0: a free one) serving `page`.
    public init(host: String = LiveSettings().host, port: Int = LiveSettings().port, limits: LiveServerLimits = LiveServerLimits(),
                page: @escaping Page) throws {
        let ports = LiveSettings.range(of: \LiveSettings.port)!
        guard ports.contains(Double(port)) else {
            throw LiveServerError("port \(port) is not from \(Int(ports.lowerBound)) to \(Int(ports.upperBound))")
        }
        self.host = host
        self.port = port
        self.limits = limits
        self.page = page
        token = LiveToken.make()
        wakeup = try Wakeup()
        protocolName = strdup("forcelab-live")
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = liveServerCallback
        protocols[0].per_session_data_size = MemoryLayout<ClientID>.size
        protocols[0].rx_buffer_size = 16 * 1024

        lws_set_log_level(0, nil)  // failures are reported as LiveServerError
        var info = lws_context_creation_info()
        info.port = Int32(port)
        let iface = strdup(host)
        defer { free(iface) }
        info.iface = UnsafePointer(iface)
        info.protocols = UnsafePointer(protocols)
        info.gid = -1
        info.uid = -1
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        if !host.contains(":") { info.options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6) }
        info.fd_limit_per_thread = UInt32(limits.clients + 64)
        info.timeout_secs = 10
        // The callbacks find the server through the context's user pointer.
        info.user = Unmanaged.passUnretained(self).toOpaque()
        guard let context = lws_create_context(&info) else {
            throw LiveServerError("cannot listen on \(host) port \(port) (in use, or not an address of this machine)")
        }
        self.context = context
        self.port = lws_get_vhost_by_name(context, "default").map { Int(lws_get_vhost_listen_port($0)) } ?? port
        acceptedHosts = Self.hostsAccepted(host: host, port: self.port)
        let thread = Thread { [self] in serve() }
        thread.name = "live server"
        thread.start()
    }

    /// The Host headers a request may carry: the address and port, and for loopback its other names (a page loaded
    /// by another name, such as a DNS name pointing at 127.0.0.1, is refused); any for a wildcard address.
    private static func hostsAccepted(host: String, port: Int) -> Set<String>? {
        if ["0.0.0.0", "::", ""].contains(host) { return nil }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"]
        let names = loopback.contains(host) ? ["127.0.0.1", "localhost", "[::1]"] : [urlHost(host)]
        return Set(names.map { "\($0):\(port)" })
    }

    /// The host as a URL writes it (IPv6 addresses in brackets).
    private static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether a request's Host header names this server.
    func accepts(hostHeader: String) -> Bool {
        guard let accepted = acceptedHosts else { return true }
        return accepted.contains(hostHeader)
    }

    private func serve() {
        guard let context else { return }
        while true {
            lock.lock()
            let done = stopping
            lock.unlock()
            if done { break }
            if lws_service(context, 0) < 0 { break }
        }
        lws_context_destroy(context)
        finished.signal()
    }

    /// Stops serving: every page is disconnected and the thread ends (idempotent).
    public func stop() {
        lock.lock()
        let first = !stopping
        stopping = true
        lock.unlock()
        guard first, let context else { return }
        lws_cancel_service(context)
        finished.wait()
        self.context = nil
    }

    deinit {
        stop()
        protocols.deallocate()
        free(protocolName)
    }

    /// The events since the last call, in order; clears the wakeup descriptor.
    public func takeEvents() -> [Event] {
        wakeup.drain()
        lock.lock()
        defer { lock.unlock() }
        let taken = events
        events = []
        return taken
    }

    /// The pages connected now.
    public var clients: [ClientID] {
        lock.lock()
        defer { lock.unlock() }
        return queues.keys.sorted()
    }

    /// Sends a text message to one page, or to all (`to: nil`), after what they have queued; `dropsPositions` drops
    /// a positions frame not yet begun (the text makes it obsolete: a new order of nodes), which otherwise follows.
    /// A page further behind than the limits allow is disconnected.
    public func send(text: String, to client: ClientID? = nil, dropsPositions: Bool = false) {
        let message = OutgoingMessage(bytes: Array(text.utf8), isBinary: false)
        update(client) { $0.enqueue(text: message, limits: limits, dropsPositions: dropsPositions) }
    }

    /// Sends a binary frame (positions) to one page, or to all (`to: nil`), replacing the frame a page has not yet
    /// begun to receive.
    public func send(positions bytes: [UInt8], to client: ClientID? = nil) {
        let message = OutgoingMessage(bytes: bytes, isBinary: true)
        update(client) { $0.replacePositions(with: message) }
    }

    /// Applies `change` to one client's queue or all, then wakes the service thread to write.
    private func update(_ client: ClientID?, _ change: (inout ClientQueue) -> Void) {
        lock.lock()
        if let client {
            if queues[client] != nil { change(&queues[client]!) }
        } else {
            for id in queues.keys { change(&queues[id]!) }
        }
        let context = stopping ? nil : self.context
        lock.unlock()
        if let context { lws_cancel_service(context) }
    }

    // MARK: The service thread's side (called from the callbacks).

    /// A new WebSocket client: its queue, and the owner told.
    func opened(_ client: ClientID, socket: OpaquePointer) {
        sockets[client] = socket
        incoming[client] = IncomingMessage()
        lock.lock()
        queues[client] = ClientQueue()
        lock.unlock()
        post(.connected(client))
    }

    /// A WebSocket client gone.
    func closed(_ client: ClientID) {
        guard sockets.removeValue(forKey: client) != nil else { return }
        incoming[client] = nil
        lock.lock()
        queues[client] = nil
        lock.unlock()
        post(.disconnected(client))
    }

    /// How many WebSocket clients are connected.
    var socketCount: Int { sockets.count }

    /// Hands an event to the owner, unless too many wait (a message is then refused to its sender).
    func post(_ event: Event) {
        lock.lock()
        let full: Bool
        if case .message = event, events.count >= limits.events {
            full = true
        } else {
            full = false
            events.append(event)
        }
        lock.unlock()
        if full, case .message(let client, _) = event {
            send(text: Self.errorMessage("too many messages are waiting; this one was dropped"), to: client)
        } else {
            wakeup.signal()
        }
    }

    /// The clients with something to write and those to disconnect for falling behind.
    func pendingWork() -> (writable: [OpaquePointer], overflowed: [OpaquePointer]) {
        lock.lock()
        defer { lock.unlock() }
        var writable: [OpaquePointer] = [], overflowed: [OpaquePointer] = []
        for (client, queue) in queues {
            guard let socket = sockets[client] else { continue }
            if queue.overflowed { overflowed.append(socket) } else if queue.hasPending { writable.append(socket) }
        }
        return (writable, overflowed)
    }

    /// The next piece to write to `client`, and whether more waits after it.
    func nextChunk(for client: ClientID) -> (chunk: ClientQueue.Chunk?, more: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard queues[client] != nil else { return (nil, false) }
        let chunk = queues[client]!.nextChunk(size: limits.chunkBytes)
        return (chunk, queues[client]!.hasPending)
    }

    /// Whether `client` fell too far behind and is to be disconnected.
    func isOverflowed(_ client: ClientID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return queues[client]?.overflowed ?? false
    }

    /// The protocol's error message, `{"type":"error","message":...}`.
    public static func errorMessage(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["type": "error", "message": text], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
