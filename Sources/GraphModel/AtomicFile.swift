import Foundation

/// Writes files atomically: a temporary file beside the target, then a rename.
public enum AtomicFile {
    /// An error writing a file, naming the path and the reason.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file that could not be written.
        public let path: String
        /// Why, as the system put it.
        public let reason: String
        /// `cannot write 'path': reason`.
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `data` to `path` through a temporary file and a rename, so readers never see a partial file.
    public static func write(_ data: Data, to path: String) throws {
        try FileAccess.checkWrite(path)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw WriteError(path: path, reason: "folder '\(folder)' does not exist")
        }
        guard isDirectory.boolValue else {
            throw WriteError(path: path, reason: "'\(folder)' is not a folder")
        }
        let temporary = folder + "/" + temporaryName(for: url.lastPathComponent)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// `.name.tmp-pid`, with `name` shortened (by whole characters) so the result fits NAME_MAX, 255 bytes.
    static func temporaryName(for name: String) -> String {
        let suffix = ".tmp-\(getpid())"
        var base = Substring(name)
        while 1 + base.utf8.count + suffix.utf8.count > 255 { base = base.dropLast() }
        return "." + base + suffix
    }

    /// Writes a UTF-8 string atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }
}
