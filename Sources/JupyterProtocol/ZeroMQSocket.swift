import CZeroMQ
import Foundation

/// A ZeroMQ socket bound to one endpoint, sending and receiving multipart messages as byte frames. A socket is used
/// by one thread at a time (the kernel hands the iopub socket between threads under a lock).
public final class ZeroMQSocket {
    /// The socket kinds the kernel's channels use.
    public enum Kind {
        case router, publisher, reply

        var value: Int32 {
            switch self {
            case .router: return ZMQ_ROUTER
            case .publisher: return ZMQ_PUB
            case .reply: return ZMQ_REP
            }
        }
    }

    let handle: UnsafeMutableRawPointer

    /// A socket of `kind` in `context`, bound to `endpoint`; a failure names the endpoint and ZeroMQ's reason.
    public init(_ context: ZeroMQContext, _ kind: Kind, endpoint: String) throws {
        guard let socket = zmq_socket(context.handle, kind.value) else {
            throw ProtocolError("cannot make a ZeroMQ socket: \(ZeroMQSocket.reason())")
        }
        handle = socket
        var linger: Int32 = 1000
        zmq_setsockopt(socket, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        guard zmq_bind(socket, endpoint) == 0 else {
            let reason = ZeroMQSocket.reason()
            zmq_close(socket)
            throw ProtocolError("cannot listen on \(endpoint): \(reason)")
        }
    }

    deinit { zmq_close(handle) }

    /// Sends `frames` as one multipart message; false when ZeroMQ refused (the context is ending).
    @discardableResult
    public func send(_ frames: [[UInt8]]) -> Bool {
        for (index, frame) in frames.enumerated() {
            let flags = index == frames.count - 1 ? 0 : ZMQ_SNDMORE
            while frame.withUnsafeBytes({ zmq_send(handle, $0.baseAddress, $0.count, flags) }) < 0 {
                if zmq_errno() != EINTR { return false }
            }
        }
        return true
    }

    /// Receives one multipart message, or nil when the context ended; waits as long as it takes.
    public func receive() -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        while true {
            var message = zmq_msg_t()
            zmq_msg_init(&message)
            defer { zmq_msg_close(&message) }
            while zmq_msg_recv(&message, handle, 0) < 0 {
                if zmq_errno() != EINTR { return nil }
            }
            let size = zmq_msg_size(&message)
            let bytes = zmq_msg_data(&message).map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
            frames.append(bytes)
            if zmq_msg_more(&message) == 0 { return frames }
        }
    }

    /// Whether a message waits on any of `sockets`, waiting at most `milliseconds` (-1: no limit); the first
    /// socket with one, or nil when none came in time (or a signal interrupted the wait).
    public static func ready(_ sockets: [ZeroMQSocket], milliseconds: Int) -> ZeroMQSocket? {
        var items = sockets.map { zmq_pollitem_t(socket: $0.handle, fd: -1, events: Int16(ZMQ_POLLIN), revents: 0) }
        guard zmq_poll(&items, Int32(items.count), milliseconds) > 0 else { return nil }
        return zip(sockets, items).first { $0.1.revents & Int16(ZMQ_POLLIN) != 0 }?.0
    }

    /// ZeroMQ's description of the last error.
    static func reason() -> String { String(cString: zmq_strerror(zmq_errno())) }
}

/// A ZeroMQ context: the I/O threads every socket of the kernel shares.
public final class ZeroMQContext {
    let handle: UnsafeMutableRawPointer

    /// A new context.
    public init() throws {
        guard let context = zmq_ctx_new() else { throw ProtocolError("cannot start ZeroMQ: \(ZeroMQSocket.reason())") }
        handle = context
    }

    deinit { zmq_ctx_term(handle) }
}
