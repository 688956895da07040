import CLuaShim
import Foundation
import GraphModel
import LuaHost
import XCTest

/// A state's file-access policy is its own: a sandboxed state and an open one, side by side in one process, each
/// keep theirs, in forcelab's readers and writers and in Lua's own file functions.
final class FileAccessStatesTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-states-\(UUID().uuidString)").path
        for name in ["sandbox", "open"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testASandboxedAndAnOpenStateKeepTheirOwnPolicies() throws {
        let sandboxed = try LuaState(sandbox: FileAccess(readable: [], writable: folder + "/sandbox"))
        let open = try LuaState()
        let inside = folder + "/sandbox/g.json", outside = folder + "/open/g.json"
        let save = { (path: String) in "local g = forcelab.graph.generate('tree', {n = 3}); g:save('\(path)')" }
        // Interleaved: each call runs under its own state's rules, whichever state ran last.
        XCTAssertNil(sandboxed.failure(save(inside)))
        XCTAssertNil(open.failure(save(outside)))
        XCTAssertTrue(sandboxed.failure(save(outside))?.contains("cannot write '\(outside)'") == true)
        XCTAssertNil(open.failure("forcelab.graph.load('\(inside)'); assert(io.open('\(outside)')):close()"))
        XCTAssertTrue(sandboxed.failure("forcelab.graph.load('\(outside)')")?.contains("cannot read") == true)
        XCTAssertTrue(sandboxed.failure("assert(io.open('\(outside)'))")?.contains("cannot read") == true)
        XCTAssertNil(open.failure("assert(io.open('\(folder!)/open/new.txt', 'w')):close(); forcelab.mkdir('\(folder!)/open/made')"))
        XCTAssertTrue(sandboxed.failure("forcelab.mkdir('\(folder!)/open/not')")?.contains("cannot write") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/open/not"))
        // Outside any state's call nothing is in force: a Swift program reads where it likes.
        XCTAssertNil(FileAccess.inForce.policy)
        XCTAssertEqual(try Graph.load(path: outside).nodeCount, 3)
    }

    func testEachStateTellsItsOwnObservers() throws {
        let sandboxed = try LuaState(sandbox: FileAccess(readable: [], writable: folder + "/sandbox"))
        let open = try LuaState()
        let refusals = Refusals(), seen = Refusals()
        sandboxed.refusalObserver = { refusals.add($0.path) }
        open.fileObserver = { path, _ in seen.add(path) }
        let outside = folder + "/open/g.json"
        XCTAssertNil(open.failure("forcelab.graph.generate('tree', {n = 3}):save('\(outside)')"))
        XCTAssertNotNil(sandboxed.failure("forcelab.graph.generate('tree', {n = 3}):save('\(outside)')"))
        XCTAssertEqual(refusals.paths, [outside], "the sandboxed state is told of its own refusal only")
        XCTAssertEqual(seen.paths, [outside], "the open state is told of its own write only")
    }
}

/// Paths noted from observers.
private final class Refusals: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [String] = []
    func add(_ path: String) { lock.withLock { noted.append(path) } }
    var paths: [String] { lock.withLock { noted } }
}

/// The engine settings a state's simulations use are that state's: a sweep's record of one state is not another's.
final class EngineUseStatesTests: XCTestCase {
    func testTwoStatesNoteTheirOwnSimulationsSettings() throws {
        let fast = try LuaState(), exact = try LuaState()
        try fast.run("forcelab.simulation(forcelab.graph.generate('tree', {n = 3}), {mode = 'fast', threads = 2})", name: "=fast")
        try exact.run("forcelab.simulation(forcelab.graph.generate('tree', {n = 3}), {threads = 1}):threads(1)", name: "=exact")
        let described = { (lua: LuaState) in lua.engineUse.take().map { "\($0.mode) \($0.threads)" } }
        XCTAssertEqual(described(fast), ["fast 2"])
        XCTAssertEqual(described(exact), ["exact 1"])
        XCTAssertEqual(described(fast), [], "taken settings are forgotten")
    }
}

/// A state's memory limit is its own: two states with different limits, side by side in one process, each refuse a
/// request by the room their own limit leaves.
final class MemoryLimitStatesTests: XCTestCase {
    func testTwoStatesRefuseByTheirOwnLimits() throws {
        let small = try LuaState(memoryLimit: 300 << 20), large = try LuaState(memoryLimit: 1 << 30)
        // About 10 GB: more than either limit leaves, so neither builds it.
        let request = "forcelab.graph.generate('erdosRenyi', {n = 1e7, m = 2e7})"
        func refusal(_ lua: LuaState) -> String { lua.failure(request) ?? "no error" }
        // Interleaved, the larger limit's state made last: each names the room its own limit leaves (a multiple of
        // the limit: under 1 GiB for 300 MiB, over 1.5 GiB for 1 GiB), in GiB from 1 GiB up and in MiB below.
        func room(_ message: String) -> Double? {
            guard let start = message.range(of: "more than the memory limit leaves (")?.upperBound else { return nil }
            let words = message[start...].prefix { $0 != ")" }.split(separator: " ")
            guard words.count == 2, let size = Double(words[0]) else { return nil }
            return words[1] == "GiB" ? size : words[1] == "MiB" ? size / 1024 : nil
        }
        let largeRefusal = refusal(large), smallRefusal = refusal(small)
        XCTAssertLessThan(try XCTUnwrap(room(smallRefusal), smallRefusal), 1, smallRefusal)
        XCTAssertGreaterThan(try XCTUnwrap(room(largeRefusal), largeRefusal), 1.5, largeRefusal)
    }
}
