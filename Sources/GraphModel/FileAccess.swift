import Foundation

/// Where files may be read and written: anywhere (no policy in force), or in a sandbox reads only under some
/// folders and writes only under one output folder. Every forcelab reader and writer asks the policy in force
/// (`FileAccess.inForce`: Graph.load, AtomicFile and, through the Lua host, io.open, loadfile, dofile and require).
/// A path is judged by where it really leads: `..`, symbolic links and /proc/self links are resolved before the
/// check.
public struct FileAccess: Sendable {
    /// A folder the policy opens or closes, with the words refusals name it by: why it is open (`the script's
    /// folder`, `--allow-read`, `--out`...) and, where its real path would mislead (grading's private copy of a
    /// submission), the path shown instead.
    public struct Folder: Sendable, Equatable {
        /// The folder, as given.
        public let path: String
        /// What opens (or closes) it, as the host's user knows it: `the script's folder`, `--out`.
        public let reason: String
        /// The path refusals show for it; nil shows its real path.
        public let shownAs: String?

        /// A folder opened (or closed) for `reason`, shown in refusals as `shownAs` (by default its real path).
        public init(_ path: String, _ reason: String, shownAs: String? = nil) {
            self.path = path
            self.reason = reason
            self.shownAs = shownAs
        }
    }

    /// The folders under which files may be read (real paths, without a trailing slash).
    public var readable: [String] { readableFolders.map(\.path) }
    /// The folder under which files may be written (a real path); it may also be read.
    public var writable: String { writableFolder.path }
    /// Folders that may not be read or written even where a readable or the writable folder holds them (real paths),
    /// except under such a folder inside them: grading's exercise folder, where the model solutions are, when the
    /// submission's folder (or `--out`) is or holds it.
    public var closed: [String] { closedFolders.map(\.path) }
    /// The readable folders (real paths) with their reasons, the writable one last.
    private let readableFolders: [Folder]
    /// The writable folder (a real path) with its reason.
    private let writableFolder: Folder
    /// The closed folders (real paths) with their reasons.
    private let closedFolders: [Folder]

    /// A refused access: the path, what was asked and the folders allowed.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        /// The path as given.
        public let path: String
        /// Why it is refused.
        public let reason: String
        /// `cannot read 'path': reason` or `cannot write ...`.
        public let description: String
    }

    /// A policy allowing reads under `readable` (and `writable`) and writes under `writable`, but neither under
    /// `closed`; each folder must exist. Refusals name each folder with its reason.
    public init(readable: [Folder], writable: Folder, closed: [Folder] = []) throws {
        func real(_ folder: Folder) throws -> Folder {
            guard let resolved = FileAccess.realPath(folder.path), FileAccess.isFolder(resolved) else {
                throw Refusal(path: folder.path, reason: "not a folder", description: "'\(folder.path)' is not a folder")
            }
            return Folder(resolved, folder.reason, shownAs: folder.shownAs)
        }
        let output = try real(writable)
        writableFolder = output
        readableFolders = try readable.map(real) + [output]
        closedFolders = try closed.map(real)
    }

    /// A policy as `init(readable:writable:closed:)` whose refusals name the folders without reasons.
    public init(readable: [String], writable: String, closed: [String] = []) throws {
        try self.init(readable: readable.map { Folder($0, "") }, writable: Folder(writable, ""),
                      closed: closed.map { Folder($0, "") })
    }

    /// Why `path` may not be read (or written, when `writing`), or nil when it may.
    public func refusal(_ path: String, writing: Bool) -> Refusal? {
        let verb = writing ? "write" : "read"
        func refuse(_ reason: String) -> Refusal {
            Refusal(path: path, reason: reason, description: "cannot \(verb) '\(path)': \(reason)")
        }
        guard !path.isEmpty else { return refuse("the path is empty") }
        guard !path.utf8.contains(0) else { return refuse("the path contains a NUL byte") }
        guard let target = FileAccess.destination(of: path) else {
            return refuse("the path leads nowhere that can be checked (a missing folder or a broken link)")
        }
        let roots = writing ? [writableFolder] : readableFolders
        guard roots.contains(where: { FileAccess.path(target, isUnder: $0.path) }) else {
            return refuse("the sandbox \(verb)s only under " + FileAccess.named(roots))
        }
        // The deeper folder decides: a readable (or the writable) folder inside a closed one (a submission's folder
        // inside the exercise's) stays open.
        if let folder = closedFolders.first(where: { FileAccess.path(target, isUnder: $0.path) }),
           !roots.contains(where: { $0.path != folder.path && FileAccess.path($0.path, isUnder: folder.path) && FileAccess.path(target, isUnder: $0.path) }) {
            let closing = Folder(folder.path, folder.reason.isEmpty ? "closed" : folder.reason, shownAs: folder.shownAs)
            return refuse("the sandbox does not \(verb) under " + FileAccess.named([closing]))
        }
        return nil
    }

    /// The folders as refusals list them: `'/a/b' (the script's folder), '/c' (--out)`, each by its shown path, one
    /// reason after the folders sharing it.
    private static func named(_ folders: [Folder]) -> String {
        var groups: [(paths: [String], reason: String)] = []
        for folder in folders {
            let shown = "'\(folder.shownAs ?? folder.path)'"
            if let last = groups.last, last.reason == folder.reason {
                groups[groups.count - 1].paths.append(shown)
            } else {
                groups.append(([shown], folder.reason))
            }
        }
        return groups.map { $0.paths.joined(separator: ", ") + ($0.reason.isEmpty ? "" : " (\($0.reason))") }
            .joined(separator: ", ")
    }

    /// Whether the real path `target` is `root` or lies under it.
    private static func path(_ target: String, isUnder root: String) -> Bool {
        target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The file access in force while a call runs: the policy (nil allows everything) and who is told of accesses.
    /// No process-wide state: each Lua state keeps its own rules and binds them around its bindings
    /// (`FileAccess.$inForce.withValue`), so two states in one process keep their own policies.
    public struct Rules: Sendable {
        /// The policy every reader and writer obeys; nil allows everything.
        public var policy: FileAccess?
        /// Told every path checked for reading and every path allowed for writing, policy or none (`forcelab
        /// --watch` learns a run's files).
        public var observer: (@Sendable (_ path: String, _ writing: Bool) -> Void)?
        /// Told every access the policy refuses (`forcelab grade` reports a submission's attempts).
        public var refusalObserver: (@Sendable (Refusal) -> Void)?

        /// Rules with a policy and observers (by default none: everything allowed, no one told).
        public init(
            policy: FileAccess? = nil, observer: (@Sendable (_ path: String, _ writing: Bool) -> Void)? = nil,
            refusalObserver: (@Sendable (Refusal) -> Void)? = nil
        ) {
            self.policy = policy
            self.observer = observer
            self.refusalObserver = refusalObserver
        }

        /// Whether the rules allow everything and tell no one (as when none are bound).
        public var areOpen: Bool { policy == nil && observer == nil && refusalObserver == nil }

        /// Tells `refusalObserver` of `refusal` and returns it: every refusal of the policy goes through here.
        public func refused(_ refusal: Refusal) -> Refusal {
            refusalObserver?(refusal)
            return refusal
        }
    }

    /// The rules in force on this thread for the call running: those a Lua state bound, else open ones.
    @TaskLocal public static var inForce = Rules()

    /// Throws when the policy in force forbids reading `path`.
    public static func checkRead(_ path: String) throws {
        let rules = inForce
        rules.observer?(path, false)
        if let refusal = rules.policy?.refusal(path, writing: false) { throw rules.refused(refusal) }
    }

    /// Throws when the policy in force forbids writing `path`.
    public static func checkWrite(_ path: String) throws {
        let rules = inForce
        if let refusal = rules.policy?.refusal(path, writing: true) { throw rules.refused(refusal) }
        rules.observer?(path, true)
    }

    /// Creates the folder `path` and its missing parents, each only where the policy in force allows writing (an
    /// existing folder too must be writable); throws a `Refusal` or the file system's error.
    public static func makeFolder(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var created = false
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            guard !FileManager.default.fileExists(atPath: prefix) else { continue }
            try checkWrite(prefix)
            try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: false)
            created = true
        }
        if !created { try checkWrite(path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The real path `path` leads to: resolved whole when it exists, else its folder resolved and the name added.
    static func destination(of path: String) -> String? {
        if let resolved = realPath(path) { return resolved }
        var isLink = stat()
        if lstat(path, &isLink) == 0 { return nil }  // a link whose target is missing
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard name != "..", name != ".", let folder = realPath(url.deletingLastPathComponent().path) else { return nil }
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
