import Foundation

/// One message of the Jupyter messaging protocol (5.3): its routing identities, header, parent header, metadata,
/// content and buffers, read from and written to the wire's frames.
public struct KernelMessage {
    /// The version of the protocol the kernel speaks.
    public static let protocolVersion = "5.3"
    /// The delimiter between routing identities and the signed parts.
    static let delimiter = Array("<IDS|MSG>".utf8)

    public var identities: [[UInt8]]
    public var header: [String: Any]
    public var parentHeader: [String: Any]
    public var metadata: [String: Any]
    public var content: [String: Any]
    public var buffers: [[UInt8]]

    /// The message type (`execute_request`, ...).
    public var type: String { header["msg_type"] as? String ?? "" }

    /// Whether the header's date (UTC, as `timestamp` writes it) is earlier than `time`, a `timestamp`; false for a
    /// date in another zone or none.
    public func wasSent(before time: String) -> Bool {
        guard let date = header["date"] as? String, date.hasSuffix("Z") || date.hasSuffix("+00:00") else { return false }
        let length = "2026-01-01T00:00:00.000000".count
        return date.prefix(length) < time.prefix(length)
    }

    /// Reads a message from `frames`, checking its signature with `signer`; throws what is wrong with it.
    public init(frames: [[UInt8]], signer: MessageSigner) throws {
        guard let split = frames.firstIndex(of: KernelMessage.delimiter), frames.count >= split + 6 else {
            throw ProtocolError("a message without the <IDS|MSG> delimiter and its five parts")
        }
        let signed = Array(frames[(split + 2)..<(split + 6)])
        guard signer.accepts(frames[split + 1], for: signed) else { throw ProtocolError("a message with a wrong signature") }
        func object(_ bytes: [UInt8], _ part: String) throws -> [String: Any] {
            guard let value = try? JSONSerialization.jsonObject(with: Data(bytes)), let fields = value as? [String: Any] else {
                throw ProtocolError("a message whose \(part) is not a JSON object")
            }
            return fields
        }
        identities = Array(frames[..<split])
        header = try object(signed[0], "header")
        parentHeader = try object(signed[1], "parent header")
        metadata = try object(signed[2], "metadata")
        content = try object(signed[3], "content")
        buffers = Array(frames[(split + 6)...])
    }

    /// A new message of `type` in `session`, answering `parent` (routed back to its sender) when one is given.
    public init(type: String, session: String, content: [String: Any], parent: KernelMessage?, identities: [[UInt8]]? = nil) {
        self.identities = identities ?? parent?.identities ?? []
        header = [
            "msg_id": UUID().uuidString.lowercased(), "session": session, "username": "forcelab", "msg_type": type,
            "version": KernelMessage.protocolVersion, "date": KernelMessage.timestamp(),
        ]
        parentHeader = parent?.header ?? [:]
        metadata = [:]
        self.content = content
        buffers = []
    }

    /// The wire frames, signed with `signer`.
    public func frames(signer: MessageSigner) -> [[UInt8]] {
        let signed = [header, parentHeader, metadata, content].map(KernelMessage.json)
        return identities + [KernelMessage.delimiter, Array(signer.signature(signed).utf8)] + signed + buffers
    }

    /// `object` as compact JSON bytes (values JSON cannot hold become their descriptions).
    static func json(_ object: [String: Any]) -> [UInt8] {
        let valid = JSONSerialization.isValidJSONObject(object) ? object : ["text": String(describing: object)]
        return Array((try? JSONSerialization.data(withJSONObject: valid, options: [.sortedKeys])) ?? Data("{}".utf8))
    }

    /// The current time in ISO 8601 with microseconds and a time zone, as Jupyter's headers carry it.
    public static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, Int(now.tv_nsec / 1000))
    }
}
