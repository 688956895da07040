import CLuaShim
import Foundation
import LuaHost
import XCTest

/// A state's limits are its own: its instruction count, its time limit and the Ctrl-C that reaches it. Two states
/// side by side in one process, one limited and one not, each keep theirs.
final class LimitStatesTests: XCTestCase {
    /// About a million Lua instructions.
    private let loop = "local n = 0; for i = 1, 300000 do n = n + i end; return n"

    func testATightInstructionLimitStopsOnlyItsOwnState() throws {
        let tight = try LuaState(maxInstructions: 100_000), free = try LuaState()
        XCTAssertNil(free.failure(loop))
        XCTAssertTrue(tight.failure(loop)?.contains("instruction limit of 100000 reached") == true)
        // The limit is sticky for the state that reached it, and never reaches the other.
        XCTAssertNil(free.failure(loop))
        XCTAssertNotNil(tight.limitReached)
        XCTAssertNil(free.limitReached)
        XCTAssertTrue(tight.failure("return 1")?.contains("instruction limit") == true)
    }

    func testOneStateTimesOutWhileTheOtherGoesOn() throws {
        let other = try LuaState(timeout: 60)
        do {
            let timed = try LuaState(timeout: 0.2)
            XCTAssertEqual(try XCTUnwrap(timed.timeLeft), 0.2, accuracy: 0.1)
            // The other state runs past the first one's deadline (0.4 s of wall time), under its own limit of 60 s.
            XCTAssertNil(other.failure("local t = forcelab.clock(); while forcelab.clock() - t < 0.4 do end"))
            XCTAssertNil(other.limitReached)
            XCTAssertEqual(timed.timeLeft, 0)
            XCTAssertTrue(timed.failure("while true do end")?.contains("time limit of 0.2 s reached") == true)
            XCTAssertTrue(timed.failure("return 1")?.contains("time limit of 0.2 s reached") == true, "sticky")
            XCTAssertNil(other.failure(loop), "the first state's time limit never reaches the other")
        }
        // The timed state is closed: its limit is disarmed, so its grace period cannot end the process.
        XCTAssertGreaterThan(try XCTUnwrap(other.timeLeft), 50)
        XCTAssertNil(other.failure("local t = forcelab.clock(); while forcelab.clock() - t < 0.1 do end"))
        let none = try LuaState()
        XCTAssertNil(none.timeLeft)
    }

    /// SIGALRM is not queued: when one look of the clock finds two states of one thread past their limits, its second
    /// signal merges into the first, so the handler must alert every state of its thread that reached its limit, not
    /// only the one the signal names.
    func testTwoStatesOfOneThreadReachingTheirLimitsTogetherAreBothAlerted() throws {
        let idle = try LuaState(), running = try LuaState()
        // Armed a moment apart (the idle one first, so its signal is the one sent first), both found passed at once.
        XCTAssertEqual(fl_start_cell_timer(idle.L, 0.2), 0)
        XCTAssertEqual(fl_start_cell_timer(running.L, 0.2), 0)
        // No limit but time, so no hook runs unless an alert sets it: without one the loop ends by itself after 1 s.
        let failure = running.failure("local t = forcelab.clock(); while forcelab.clock() - t < 1 do end")
        XCTAssertTrue(failure?.contains("time limit of 0.2 s reached") == true, failure ?? "the loop ran to its end")
        XCTAssertTrue(idle.failure("return 1")?.contains("time limit of 0.2 s reached") == true)
    }

    func testCtrlCReachesOnlyTheSessionsState() throws {
        let session = try LuaState(), bystander = try LuaState()
        fl_set_interrupt_state(session.L)
        fl_install_sigint()
        defer {
            fl_restore_sigint()
            fl_set_interrupt_state(nil)
        }
        raise(SIGINT)
        XCTAssertEqual(fl_interrupted(session.L), 1)
        XCTAssertEqual(fl_interrupted(bystander.L), 0)
        XCTAssertEqual(fl_interrupted(nil), 1, "nil asks about the session's state")
        XCTAssertNil(bystander.failure(loop), "a state Ctrl-C does not reach runs on")
        XCTAssertTrue(session.failure(loop)?.contains("interrupted!") == true)
        XCTAssertEqual(fl_interrupted(session.L), 0, "raising it took it")
        XCTAssertNil(session.failure(loop))
    }
}
