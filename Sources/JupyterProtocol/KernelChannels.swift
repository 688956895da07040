import Foundation

/// The five channels of a kernel bound as its connection file says: shell and control (requests and replies),
/// iopub (what every client sees: status, outputs), stdin (input requests) and heartbeat (echoed at once on a
/// thread of its own). Sending on iopub is safe from any thread; each other socket belongs to one thread.
public final class KernelChannels {
    public let shell: ZeroMQSocket
    public let control: ZeroMQSocket
    public let stdin: ZeroMQSocket
    private let iopub: ZeroMQSocket
    private let heartbeat: ZeroMQSocket
    private let context: ZeroMQContext
    private let iopubLock = NSLock()
    /// Signs and checks every message.
    public let signer: MessageSigner
    /// The kernel's session id, in the header of every message it sends.
    public let session = UUID().uuidString.lowercased()
    /// Where the kernel notes what it cannot answer (a bad message): the log the Jupyter server shows.
    public var log: (String) -> Void = { _ in }

    /// Binds the channels of `connection`.
    public init(connection: ConnectionInfo) throws {
        context = try ZeroMQContext()
        shell = try ZeroMQSocket(context, .router, endpoint: connection.endpoint(connection.shellPort))
        control = try ZeroMQSocket(context, .router, endpoint: connection.endpoint(connection.controlPort))
        stdin = try ZeroMQSocket(context, .router, endpoint: connection.endpoint(connection.stdinPort))
        iopub = try ZeroMQSocket(context, .publisher, endpoint: connection.endpoint(connection.iopubPort))
        heartbeat = try ZeroMQSocket(context, .reply, endpoint: connection.endpoint(connection.heartbeatPort))
        signer = MessageSigner(key: connection.key)
    }

    /// Starts echoing the heartbeat on its own thread, so a client sees the kernel alive while a cell runs.
    public func startHeartbeat() {
        let socket = heartbeat
        let thread = Thread {
            while let ping = socket.receive() { socket.send(ping) }
        }
        thread.name = "heartbeat"
        thread.start()
    }

    /// The next well-formed message on `socket` (a bad one is logged and skipped); nil when the channels close.
    public func receive(on socket: ZeroMQSocket) -> KernelMessage? {
        while let frames = socket.receive() {
            do {
                return try KernelMessage(frames: frames, signer: signer)
            } catch {
                log("forcelab kernel: ignored \(error)")
            }
        }
        return nil
    }

    /// Sends a reply of `type` with `content` to `request` on `socket` (shell or control).
    public func reply(on socket: ZeroMQSocket, to request: KernelMessage, type: String, content: [String: Any]) {
        socket.send(KernelMessage(type: type, session: session, content: content, parent: request).frames(signer: signer))
    }

    /// Sends `message` on `socket` as it is (an input request on stdin).
    public func send(_ message: KernelMessage, on socket: ZeroMQSocket) {
        socket.send(message.frames(signer: signer))
    }

    /// Publishes a message of `type` with `content` on iopub, as output of `parent`; the topic is the type.
    public func publish(_ type: String, _ content: [String: Any], parent: KernelMessage?) {
        let message = KernelMessage(type: type, session: session, content: content, parent: parent,
                                    identities: [Array("kernel.\(session).\(type)".utf8)])
        iopubLock.lock()
        defer { iopubLock.unlock() }
        iopub.send(message.frames(signer: signer))
    }
}
