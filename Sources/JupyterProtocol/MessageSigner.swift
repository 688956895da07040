import COpenSSL
import Foundation

/// Signs and checks messages with HMAC-SHA256 (OpenSSL's libcrypto) under the connection's key, as hex digests.
public struct MessageSigner {
    private let key: [UInt8]

    /// A signer with `key`; an empty key signs with the empty string and accepts any signature, as Jupyter does.
    public init(key: String) {
        self.key = Array(key.utf8)
    }

    /// The hex digest of the frames in order, or "" without a key.
    public func signature(_ frames: [[UInt8]]) -> String {
        guard !key.isEmpty else { return "" }
        let message = Array(frames.joined())
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &digest, &length) != nil else { return "" }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `given` is the signature of `frames` (compared in constant time).
    public func accepts(_ given: [UInt8], for frames: [[UInt8]]) -> Bool {
        guard !key.isEmpty else { return true }
        let expected = Array(signature(frames).utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
