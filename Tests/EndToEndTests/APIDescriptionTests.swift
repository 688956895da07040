import Foundation
import XCTest

/// `forcelab --api` prints the JSON description of the Lua API and the command line (docs/api.md), and it names
/// exactly the functions a script finds in `fl`.
final class APIDescriptionTests: XCTestCase {
    func testTheDescriptionIsJSONAndNamesWhatScriptsFind() throws {
        let result = try ForcelabProcess.run(["--api"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let description = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(description["schema"] as? Int, 1)
        let functions = try XCTUnwrap(description["functions"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        let listing = """
            local names = {}
            local function walk(t, prefix)
              for k, v in pairs(t) do
                local callable = type(v) == "table" and getmetatable(v) and getmetatable(v).__call
                if type(v) == "function" or callable then names[#names + 1] = prefix .. k end
                if type(v) == "table" and k ~= "generators" and k ~= "build" then walk(v, prefix .. k .. ".") end
              end
            end
            walk(fl, "fl.")
            table.sort(names)
            print(table.concat(names, "\\n"))
            """
        let found = try ForcelabProcess.run(["-e", listing])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertEqual(found.stdout.split(separator: "\n").map(String.init), functions.sorted())
        let commands = try XCTUnwrap(description["commandLine"] as? [[String: Any]])
        let names = commands.compactMap { $0["name"] as? String }
        XCTAssertEqual(Array(names.prefix(3)), ["forcelab", "forcelab sweep", "forcelab grade"])
        XCTAssertTrue(names.contains("ForceBench"), "\(names)")
        let options = try XCTUnwrap(commands[0]["options"] as? [[String: Any]])
        let api = try XCTUnwrap(options.first { ($0["names"] as? [String]) == ["--api"] })
        XCTAssertTrue((api["help"] as? String)?.contains("JSON") == true)
        XCTAssertNil(api["value"], "a flag takes no value")
        let timeout = try XCTUnwrap(options.first { ($0["names"] as? [String]) == ["--timeout"] }?["value"] as? [String: Any])
        XCTAssertEqual(timeout["placeholder"] as? String, "SECONDS")
        XCTAssertEqual(timeout["maximum"] as? Double, 1_000_000)
        let tables = try XCTUnwrap(description["options"] as? [[String: Any]])
        func fields(_ name: String) -> [String] {
            let table = tables.first { $0["function"] as? String == name }
            return (table?["options"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        XCTAssertEqual(fields("g:addNode handle"), ["id", "type", "position"])
        XCTAssertEqual(fields("g:applyNodeChanges position"), ["x", "y", "z"])
        XCTAssertEqual(fields("g:applyNodeChanges dimensions"), ["width", "height"])
    }
}
