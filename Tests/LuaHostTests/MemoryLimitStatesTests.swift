import GraphModel
import LuaHost
import XCTest

/// A state's memory limit is its own: states with different limits, side by side in one process, each refuse or
/// allow the host's large allocations (a generated graph) by their own limit, and closing one leaves the others'.
final class MemoryLimitStatesTests: XCTestCase {
    /// A grid of 22,500 nodes: its estimate (about 22 MB) does not fit in the room an 8 MiB limit leaves.
    private let generate = "local g = forcelab.graph.generate('grid', {rows = 150, columns = 150}); assert(g:nodeCount() == 22500)"

    func testEachStateRefusesAndAllowsByItsOwnLimit() throws {
        let tight = try LuaState(memoryLimit: 8 << 20)
        let generous = try LuaState(memoryLimit: 1 << 30)
        let unlimited = try LuaState()
        let refusal = try XCTUnwrap(tight.failure(generate), "the 8 MiB state refuses the grid")
        XCTAssertTrue(refusal.contains("generate: not enough memory:") && refusal.contains("the memory limit leaves"), refusal)
        // A state with a limit of its own closes: the tight state's limit stays in force.
        do { _ = try LuaState(memoryLimit: 1 << 30) }
        XCTAssertTrue(tight.failure(generate)?.contains("the memory limit leaves") == true, "the tight limit outlives another state")
        // The others allow what the tight state refuses, interleaved with it.
        XCTAssertNil(generous.failure(generate))
        XCTAssertNil(unlimited.failure(generate))
        // Outside any state's call no limit is in force.
        XCTAssertNil(MemoryRequest.ceiling)
    }
}
