import Foundation
import XCTest

/// The live page in headless Chromium, driving the built forcelab (scripts/test-live: Tests/LivePage/test_live_page.py).
final class LivePageBrowserTests: XCTestCase {
    func testTheLivePageDrivesTheSimulationInHeadlessChromium() throws {
        // The page's server (fl.live) is another helper's work of issue 33; until it is built in, there is nothing to drive.
        guard try ForcelabProcess.run(["-e", "assert(fl.live)"]).status == 0 else { throw XCTSkip("fl.live is not built in yet") }
        let script = ForcelabProcess.packageRoot.appendingPathComponent("scripts/test-live").path
        let result = try ForcelabProcess.run([script, ForcelabProcess.binary], executable: "/bin/bash")
        // CI asks for the browser tests (FORCELAB_BROWSER_TESTS=1): there a missing browser is a failure, not a skip.
        if result.status == 77 && ProcessInfo.processInfo.environment["FORCELAB_BROWSER_TESTS"] != "1" {
            throw XCTSkip(result.stderr)
        }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for check in ["test_1_drag_a_node", "test_2_strength_slider", "test_3_link_switch", "test_4_node_added_in_the_session",
                      "test_5_two_pages_see_the_same_positions", "test_6_wrong_token_is_refused", "test_7_page_closed_mid_stream",
                      "test_8_no_errors_and_end"] {
            XCTAssertTrue(result.stderr.contains("\(check) (__main__.LivePageTests") && result.stderr.contains("OK"), "\(check):\n\(result.stderr)")
        }
    }
}
