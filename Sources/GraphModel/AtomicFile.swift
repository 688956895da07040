import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files atomically: a temporary file beside the target, then a rename. Only regular files are replaced
/// (a device, FIFO, socket or folder is refused), and only those the process may open for writing (as `io.open`
/// may); a symbolic link is followed and its target replaced, keeping the link; a replaced file keeps its permission
/// bits. A path naming one of the process's own descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) is
/// written in place, through the descriptor, never renamed over. A temporary file is named
/// `.NAME.forcelab-tmp-PID`, removed when the write fails, and one left by a process that no longer runs is removed
/// by the next write into its folder.
public enum AtomicFile {
    /// An error writing a file, naming the path (shortened when long) and the reason.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file that could not be written.
        public let path: String
        /// Why, as the system put it.
        public let reason: String
        /// `cannot write 'path': reason`.
        public var description: String { "cannot write '\(PathText.short(path))': \(reason)" }
    }

    /// The longest path the system takes (PATH_MAX, in bytes, with its terminating NUL).
    static let maximumPathBytes = 4096
    /// The longest file name the system takes (NAME_MAX, in bytes).
    static let maximumNameBytes = 255
    /// What marks a temporary file of ours, between the target's name and the process id.
    static let temporaryMarker = ".forcelab-tmp-"
    /// How many symbolic links a path may go through, as the system allows (MAXSYMLINKS on Linux).
    private static let maximumLinks = 40

    /// Writes `data` to `path` through a temporary file and a rename, so readers never see a partial file.
    public static func write(_ data: Data, to path: String) throws {
        try FileAccess.checkWrite(path)
        try write(data, to: path, writingWith: writeAll)
    }

    /// `write(_:to:)` with the step that writes the bytes to the open temporary file given (returning 0 or an
    /// errno), so tests can make it fail.
    static func write(_ data: Data, to path: String, writingWith writeBytes: (Data, Int32) -> Int32) throws {
        let target: String
        switch try destination(of: path) {
        case .descriptor(let descriptor):
            fflush(nil)
            let failure = writeBytes(data, descriptor)
            guard failure == 0 else { throw WriteError(path: path, reason: String(cString: strerror(failure))) }
            return
        case .file(let file):
            target = file
        }
        let (folder, name) = folderAndName(target)
        var status = stat()
        let mode: mode_t?
        if stat(target, &status) == 0 {
            if let kind = nonRegularKind(status.st_mode) {
                throw WriteError(path: path, reason: "it is \(kind), not a regular file")
            }
            guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else {
                throw WriteError(path: path, reason: String(cString: strerror(errno)))
            }
            mode = status.st_mode & 0o7777
        } else {
            mode = nil
        }
        removeStaleTemporaryFiles(in: folder.isEmpty ? "." : folder)
        let temporary = (folder.isEmpty ? "" : folder + "/") + temporaryName(for: name)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0 { failure = writeBytes(data, descriptor) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Writes a UTF-8 string atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Throws when `path` cannot name a file: empty, holding a NUL byte, or longer than the system allows.
    public static func checkPath(_ path: String) throws {
        if path.isEmpty { throw WriteError(path: path, reason: "the path is empty") }
        if path.utf8.contains(0) { throw WriteError(path: path, reason: "the path contains a NUL byte") }
        if path.utf8.count >= maximumPathBytes {
            throw WriteError(path: path, reason: "the path is longer than \(maximumPathBytes - 1) bytes")
        }
        if folderAndName(path).name.utf8.count > maximumNameBytes {
            throw WriteError(path: path, reason: "the file name is longer than \(maximumNameBytes) bytes")
        }
    }

    /// Where a write to a path goes: a file replaced by a rename, or a descriptor of this process written in place.
    enum Destination: Equatable {
        /// The file a rename replaces.
        case file(String)
        /// An open descriptor of this process (the path was `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`...).
        case descriptor(Int32)
    }

    /// The file a write to `path` replaces (`path` itself, or the file its symbolic links lead to, which need not
    /// exist yet), or the descriptor of this process that `path` or one of its links names; throws for a bad path,
    /// a missing folder or a loop of links.
    static func destination(of path: String) throws -> Destination {
        try checkPath(path)
        var current = path
        for _ in 0...maximumLinks {
            if let descriptor = ownDescriptor(named: current) { return .descriptor(descriptor) }
            let folder = folderAndName(current).folder
            var isDirectory: ObjCBool = false
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                throw WriteError(path: path, reason: "folder '\(PathText.short(folder))' does not exist")
            }
            if !folder.isEmpty, !isDirectory.boolValue {
                throw WriteError(path: path, reason: "'\(PathText.short(folder))' is not a folder")
            }
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return .file(current) }
            var buffer = [CChar](repeating: 0, count: maximumPathBytes + 1)
            let count = readlink(current, &buffer, maximumPathBytes)
            guard count > 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            try checkPath(current)
        }
        throw WriteError(path: path, reason: "too many levels of symbolic links")
    }

    /// The descriptor of this process that `path` names, spelled as Linux links them: `/dev/stdin`, `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` or `/proc/PID/fd/N` with our PID.
    static func ownDescriptor(named path: String) -> Int32? {
        let standard = ["/dev/stdin": Int32(0), "/dev/stdout": 1, "/dev/stderr": 2]
        if let descriptor = standard[path] { return descriptor }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let ours: Set<Substring> = ["self", "thread-self", Substring(String(getpid()))]
        let isFolder = (parts.count == 3 && parts[0] == "dev" && parts[1] == "fd")
            || (parts.count == 4 && parts[0] == "proc" && ours.contains(parts[1]) && parts[2] == "fd")
        guard path.hasPrefix("/"), isFolder, let descriptor = Int32(parts[parts.count - 1]), descriptor >= 0 else { return nil }
        return descriptor
    }

    /// `path`'s folder ("" for a bare name, "/" in the root) and its last component, as NSString's
    /// deletingLastPathComponent and lastPathComponent give them (which trap on a one-character path on Linux).
    static func folderAndName(_ path: String) -> (folder: String, name: String) {
        var whole = Substring(path)
        while whole.count > 1, whole.hasSuffix("/") { whole.removeLast() }
        guard let slash = whole.lastIndex(of: "/") else { return ("", String(whole)) }
        var folder = whole[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return (folder.isEmpty ? "/" : String(folder), String(whole[whole.index(after: slash)...]))
    }

    /// What a file of this mode is when it is not a regular file ("a folder", "a device"...); nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Writes every byte, retrying short writes; returns 0 or the errno of the failure.
    private static func writeAll(_ data: Data, _ descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// `.name.forcelab-tmp-pid`, with `name` (at most NAME_MAX bytes) shortened to whole characters so the result
    /// fits NAME_MAX too.
    static func temporaryName(for name: String) -> String {
        let suffix = temporaryMarker + String(getpid())
        let room = maximumNameBytes - 1 - suffix.utf8.count
        var base = ""
        for character in name {
            guard base.utf8.count + character.utf8.count <= room else { break }
            base.append(character)
        }
        return "." + base + suffix
    }

    /// Removes the temporary files in a folder that writes by processes no longer running left behind.
    private static func removeStaleTemporaryFiles(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: temporaryMarker, options: .backwards),
                  let pid = pid_t(name[marker.upperBound...]), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder + "/" + name)
        }
    }
}
