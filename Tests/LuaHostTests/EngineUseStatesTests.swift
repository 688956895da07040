import LuaHost
import XCTest

/// The engine settings a state's simulations used are that state's: two states side by side each report their own.
final class EngineUseStatesTests: XCTestCase {
    func testEachStateReportsItsOwnSimulations() throws {
        let fast = try LuaState(), exact = try LuaState()
        let made = "local g = forcelab.graph.generate('tree', {n = 3}); local sim = forcelab.simulation(g, {mode = '%@'}); sim:threads(3)"
        XCTAssertNil(fast.failure(made.replacingOccurrences(of: "%@", with: "fast")))
        XCTAssertNil(exact.failure(made.replacingOccurrences(of: "%@", with: "exact")))
        let fastUse = fast.engineUse.take(), exactUse = exact.engineUse.take()
        XCTAssertEqual(Set(fastUse.map(\.mode)), ["fast"], "\(fastUse)")
        XCTAssertEqual(Set(exactUse.map(\.mode)), ["exact"], "\(exactUse)")
        XCTAssertEqual(fastUse.last?.threads, 3, "a setter is noted too")
        XCTAssertEqual(fast.engineUse.take(), [], "taking forgets")
    }
}
