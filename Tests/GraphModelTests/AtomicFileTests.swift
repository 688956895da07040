import Foundation
import Testing
@testable import GraphModel

/// A fresh folder for one test, removed by `remove`.
private struct Folder {
    let path = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

    /// The names of the hidden files in the folder: temporary files left behind.
    var leftovers: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix(".") } }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// What `AtomicFile.write` throws for `path`, as text; nil when it writes.
private func writeFailure(_ text: String, to path: String) -> String? {
    do {
        try AtomicFile.write(text, to: path)
        return nil
    } catch {
        return "\(error)"
    }
}

/// The permission bits and kind of a file, without following a link.
private func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : 0
}

@Test func aPathWithANulIsRefusedAndNothingIsWritten() throws {
    let folder = try Folder()
    defer { folder.remove() }
    #expect(writeFailure("x", to: folder.path + "/report\0.json")
        == "cannot write '\(folder.path)/report\0.json': the path contains a NUL byte")
    #expect(throws: GraphFileError(file: folder.path + "/g\0.json", message: "the path contains a NUL byte")) {
        try Graph().save(path: folder.path + "/g\0.json")
    }
    #expect(throws: GraphFileError(file: "g\0.json", message: "the path contains a NUL byte")) {
        try Graph.load(path: "g\0.json")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
}

@Test func onlyRegularFilesAreReplaced() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let fifo = folder.path + "/fifo", directory = folder.path + "/dir", socketPath = folder.path + "/sock"
    #expect(mkfifo(fifo, 0o644) == 0)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socketDescriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    for (path, kind) in [(fifo, "a FIFO"), (directory, "a folder"), (socketPath, "a socket")] {
        #expect(writeFailure("x", to: path) == "cannot write '\(path)': it is \(kind), not a regular file")
    }
    #expect(mode(fifo) & S_IFMT == S_IFIFO && mode(directory) & S_IFMT == S_IFDIR && mode(socketPath) & S_IFMT == S_IFSOCK)
    // A device is never written over (not tried on /dev/null itself: a broken check would replace it).
    #expect(AtomicFile.nonRegularKind(S_IFCHR | 0o666) == "a device")
    #expect(AtomicFile.nonRegularKind(S_IFBLK | 0o660) == "a device")
    #expect(AtomicFile.nonRegularKind(S_IFREG | 0o644) == nil)
    #expect(folder.leftovers.isEmpty)
}

@Test func aSymbolicLinkIsFollowedAndItsTargetReplacedKeepingItsMode() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let target = folder.path + "/real.json", link = folder.path + "/link.json"
    try AtomicFile.write("old", to: target)
    #expect(chmod(target, 0o600) == 0)
    #expect(symlink("real.json", link) == 0)
    try AtomicFile.write("new", to: link)
    #expect(mode(link) & S_IFMT == S_IFLNK, "the link stays a link")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    #expect(mode(target) & 0o7777 == 0o600, "the replaced file keeps its mode")
    // A link to a file that does not exist yet creates it; a chain of links is followed to its end.
    let chain = folder.path + "/chain.json"
    #expect(symlink(folder.path + "/link.json", chain) == 0)
    try AtomicFile.write("chained", to: chain)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "chained")
    let dangling = folder.path + "/dangling.json"
    #expect(symlink("fresh.json", dangling) == 0)
    try AtomicFile.write("fresh", to: dangling)
    #expect(try String(contentsOfFile: folder.path + "/fresh.json", encoding: .utf8) == "fresh")
    let loop = folder.path + "/loop"
    #expect(symlink("loop", loop) == 0)
    #expect(writeFailure("x", to: loop) == "cannot write '\(loop)': too many levels of symbolic links")
    #expect(folder.leftovers.isEmpty)
}

@Test func aReplacedFileKeepsItsModeAndANewOneFollowsTheUmask() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let path = folder.path + "/g.json"
    try AtomicFile.write("a", to: path)
    let mask = umask(0o022)
    umask(mask)
    #expect(mode(path) & 0o7777 == 0o666 & ~mask)
    for kept: mode_t in [0o600, 0o640, 0o755] {
        #expect(chmod(path, kept) == 0)
        try AtomicFile.write("b", to: path)
        #expect(mode(path) & 0o7777 == kept)
    }
}

@Test func aFailedWriteRemovesItsTemporaryFileAndKeepsTheTarget() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let path = folder.path + "/g.json"
    try AtomicFile.write("intact", to: path)
    var temporarySeen: String?
    #expect(throws: AtomicFile.WriteError.self) {
        try AtomicFile.write(Data("half".utf8), to: path) { data, descriptor in
            temporarySeen = folder.leftovers.first
            _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, 2) }
            return EIO
        }
    }
    #expect(temporarySeen == ".g.json.forcelab-tmp-\(getpid())")
    #expect(folder.leftovers.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "intact")
}

@Test func temporaryFilesOfProcessesThatAreGoneAreRemovedByTheNextWrite() throws {
    let folder = try Folder()
    defer { folder.remove() }
    // Process ids above the kernel's maximum never run; process 1 always does.
    let stale = ".g.json.forcelab-tmp-2147483646", live = ".other.json.forcelab-tmp-1", foreign = ".g.json.tmp-2147483646"
    for name in [stale, live, foreign] { #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data())) }
    try AtomicFile.write("x", to: folder.path + "/h.json")
    #expect(Set(folder.leftovers) == [live, foreign])
}

@Test func overLongPathsAreRefusedAtOnceWithAShortenedMessage() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let long = folder.path + "/" + String(repeating: "a", count: 100_000) + ".json"
    let message = try #require(writeFailure("x", to: long))
    #expect(message.hasSuffix("': the path is longer than 4095 bytes"))
    #expect(message.count < 200 && message.contains("…") && message.hasPrefix("cannot write '\(folder.path.prefix(20))"))
    let graphMessage = try #require(throws: GraphFileError.self) { try Graph().save(path: long) }
    #expect("\(graphMessage)".count < 200 && "\(graphMessage)".hasSuffix("aaaa.json: the path is longer than 4095 bytes"))
    let longName = folder.path + "/" + String(repeating: "b", count: 256)
    #expect(writeFailure("x", to: longName)?.hasSuffix("the file name is longer than 255 bytes") == true)
}

@Test func filesWithTheLongestNamesSaveAtomically() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let graph = Graph()
    try graph.addNode(Node(id: "a"))
    for name in [String(repeating: "a", count: 250) + ".json", String(repeating: "é", count: 125) + ".json"] {
        #expect(name.utf8.count == 255)
        let temporary = AtomicFile.temporaryName(for: name)
        #expect(temporary.utf8.count <= 255 && temporary.hasPrefix(".") && temporary.hasSuffix(".forcelab-tmp-\(getpid())"))
        try graph.save(path: "\(folder.path)/\(name)")
        #expect(try Graph.load(path: "\(folder.path)/\(name)").nodeIds == graph.nodeIds)
    }
    #expect(AtomicFile.temporaryName(for: "g.json") == ".g.json.forcelab-tmp-\(getpid())")
    #expect(folder.leftovers.isEmpty)
}

@Test func aPathSplitsIntoItsFolderAndNameWhateverItsLength() {
    let cases: [(String, String, String)] = [
        ("a", "", "a"), ("/a", "/", "a"), ("./a", ".", "a"), ("out/graph.json", "out", "graph.json"),
        ("/tmp//x/", "/tmp", "x"), ("ab", "", "ab"),
    ]
    for (path, folder, name) in cases {
        let split = AtomicFile.folderAndName(path)
        #expect(split.folder == folder && split.name == name, "\(path)")
    }
}
