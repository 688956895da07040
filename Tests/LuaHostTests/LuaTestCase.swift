import CLuaShim
import Foundation
import LuaHost
import XCTest

/// Runs Lua snippets in a fresh forcelab state; the snippets check behaviour with Lua's own `assert`.
class LuaTestCase: XCTestCase {
    var lua: LuaState!
    /// A temporary folder for files the snippets write, removed after each test.
    var folder: String!

    override func setUpWithError() throws {
        lua = try LuaState()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forcelab-lua-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folder = url.path
        try lua.run("fl = forcelab", name: "=setup")
        lua_pushstring(lua.L, folder)
        lua_setglobal(lua.L, "tmp")
    }

    override func tearDownWithError() throws {
        lua = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `code`; a Lua error (a failed assert) fails the test with its message and traceback.
    func run(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try lua.run(code, name: "=test")
        } catch {
            XCTFail(String(describing: error), file: file, line: line)
        }
    }

    /// Runs `code` and returns the error message it raises (failing the test if it raises none).
    func error(_ code: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            try lua.run(code, name: "=test")
            XCTFail("expected an error from: \(code)", file: file, line: line)
            return ""
        } catch {
            return String(describing: error)
        }
    }

    /// Runs each script of `refusals` and checks that the error it raises holds the message given with it.
    func assertRefusals(_ refusals: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (code, message) in refusals {
            let raised = error(code, file: file, line: line)
            XCTAssertTrue(raised.contains(message), "\(code): \(raised)", file: file, line: line)
        }
    }

    /// The test fixtures folder (d3 reference trajectories and graphs).
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
}
