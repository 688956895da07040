import COpenSSL
import Foundation

/// SHA-256 digests of files, through OpenSSL's libcrypto.
enum FileDigest {
    /// The SHA-256 of the file at `path`, as 64 lowercase hex digits; errors name the file.
    static func sha256(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw SweepError("cannot read '\(path)' to hash it: \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        guard let context = EVP_MD_CTX_new() else { throw SweepError("OpenSSL could not make a digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { throw SweepError("OpenSSL could not start a SHA-256 digest") }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { guard EVP_DigestUpdate(context, buffer, count) == 1 else { throw SweepError("OpenSSL's SHA-256 failed on '\(path)'") } }
            if count < buffer.count {
                guard ferror(file) == 0 else { throw SweepError("cannot read '\(path)' to hash it: \(String(cString: strerror(errno)))") }
                break
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { throw SweepError("OpenSSL's SHA-256 failed on '\(path)'") }
        return digest[..<Int(length)].map { String(format: "%02x", $0) }.joined()
    }
}
