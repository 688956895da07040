import Foundation
import Testing
@testable import GraphModel

/// A fresh folder with `in/` (readable and writable), `outside/` and a link from `in/` to `outside/`.
private func folders() throws -> (root: String, access: FileAccess) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("fileaccess-\(UUID().uuidString)").path
    for folder in ["in", "outside"] {
        try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(atPath: root + "/in/link", withDestinationPath: root + "/outside")
    return (root, try FileAccess(readable: [], writable: root + "/in"))
}

// The policies here are judged directly; FileAccessStatesTests binds them as a Lua state does, and the sandbox's
// end-to-end tests (SandboxTests) check that Graph.load and AtomicFile obey the policy in force.
@Test func pathsAreJudgedByWhereTheyLead() throws {
    let (root, access) = try folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(access.refusal(root + "/in/new.json", writing: true) == nil)
    #expect(access.refusal(root + "/in/../in/new.json", writing: true) == nil)
    for path in [root + "/outside/x.json", root + "/in/../outside/x.json", root + "/in/link/x.json", root + "/in/link",
                 root + "/in/a\u{0}b", "", "/proc/self/root" + root + "/outside/x", root + "/in/.."] {
        #expect(access.refusal(path, writing: true) != nil, "\(path)")
    }
    #expect(throws: FileAccess.Refusal.self) { try FileAccess(readable: [root + "/missing"], writable: root + "/in") }
}

@Test func aClosedFolderIsNotReadEvenUnderAReadableOne() throws {
    let (root, _) = try folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let access = try FileAccess(readable: [root], writable: root + "/in", closed: [root + "/outside"])
    #expect(access.refusal(root + "/in/x.json", writing: false) == nil)
    #expect(access.refusal(root + "/outsider.json", writing: false) == nil, "a name that only starts like the folder")
    for path in [root + "/outside/x.json", root + "/outside", root + "/in/link/x.json", root + "/in/../outside/x.json"] {
        #expect(access.refusal(path, writing: false)?.reason.hasSuffix("/outside' (closed)") == true, "\(path)")
    }
    // A readable folder inside the closed one stays readable (submissions kept in a folder below the exercise's).
    try FileManager.default.createDirectory(atPath: root + "/outside/student", withIntermediateDirectories: true)
    let below = try FileAccess(readable: [root + "/outside/student"], writable: root + "/in", closed: [root + "/outside"])
    #expect(below.refusal(root + "/outside/student/helper.lua", writing: false) == nil)
    #expect(below.refusal(root + "/outside/x.solution.lua", writing: false) != nil)
    let beside = try FileAccess(readable: [root + "/outside"], writable: root + "/in", closed: [root + "/outside"])
    #expect(beside.refusal(root + "/outside/helper.lua", writing: false) != nil, "the same folder stays closed")
    // Nor is it written where the writable folder holds it (grading with --out at the repository's root).
    let above = try FileAccess(readable: [], writable: root, closed: [root + "/outside"])
    #expect(above.refusal(root + "/in/new.json", writing: true) == nil)
    #expect(above.refusal(root + "/outside/x.solution.lua", writing: true)?.reason.hasPrefix("the sandbox does not write under") == true)
    let inside = try FileAccess(readable: [], writable: root + "/outside/student", closed: [root + "/outside"])
    #expect(inside.refusal(root + "/outside/student/result.svg", writing: true) == nil)
}
