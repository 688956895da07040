import Foundation

/// A kernel's connection file as Jupyter writes it: where each channel listens and the key that signs messages.
public struct ConnectionInfo {
    /// `tcp` or `ipc`.
    public let transport: String
    /// The address the sockets bind to.
    public let ip: String
    /// The shared secret (empty: messages go unsigned).
    public let key: String
    /// The signature scheme; only `hmac-sha256` is spoken.
    public let signatureScheme: String
    /// The ports (or ipc suffixes) of the shell, control, iopub, stdin and heartbeat channels.
    public let shellPort, controlPort, iopubPort, stdinPort, heartbeatPort: Int

    /// Reads the connection file at `path`; throws a message naming the file and the field at fault.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProtocolError("cannot read the connection file '\(path)'")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let fields = object as? [String: Any] else {
            throw ProtocolError("the connection file '\(path)' is not a JSON object")
        }
        func port(_ name: String) throws -> Int {
            guard let value = fields[name] as? Int, (0...65535).contains(value) else {
                throw ProtocolError("the connection file '\(path)' has no port number '\(name)'")
            }
            return value
        }
        transport = fields["transport"] as? String ?? "tcp"
        ip = fields["ip"] as? String ?? "127.0.0.1"
        key = fields["key"] as? String ?? ""
        signatureScheme = fields["signature_scheme"] as? String ?? "hmac-sha256"
        guard signatureScheme == "hmac-sha256" else {
            throw ProtocolError("the connection file '\(path)' asks for signature scheme '\(signatureScheme)'; only hmac-sha256 is spoken")
        }
        guard ["tcp", "ipc"].contains(transport) else {
            throw ProtocolError("the connection file '\(path)' names transport '\(transport)'; tcp and ipc are spoken")
        }
        shellPort = try port("shell_port")
        controlPort = try port("control_port")
        iopubPort = try port("iopub_port")
        stdinPort = try port("stdin_port")
        heartbeatPort = try port("hb_port")
    }

    /// The ZeroMQ endpoint of a channel's port.
    public func endpoint(_ port: Int) -> String {
        transport == "tcp" ? "tcp://\(ip):\(port)" : "ipc://\(ip)-\(port)"
    }
}

/// A failure of the protocol's set-up or of a message, with a message for the kernel's log.
public struct ProtocolError: Error, CustomStringConvertible {
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
