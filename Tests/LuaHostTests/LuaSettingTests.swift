import CLuaShim
import ForceSimulation
import Foundation
import LuaHost
import XCTest

/// A settings struct as a pure module would own it, with its defaults and ranges: the trial of architecture.md's
/// "Adding an option", one `LuaSetting` line per option.
private struct TrialSettings: LuaSettable, Equatable {
    var strength = -30.0
    var iterations = 1
    var seed: UInt32 = 7
    var mode = SimulationMode.exact
    var labels = false
    var threads: Int?

    static func range(of setting: PartialKeyPath<TrialSettings>) -> ClosedRange<Double>? {
        switch setting {
        case \.iterations: 0...10
        case \.threads: 1...Double(Int.max)
        default: nil
        }
    }
}

private enum TrialOptions {
    static let settings = LuaSettingsTable<TrialSettings>("trial", [
        LuaSetting("strength", \.strength, "how hard"),
        LuaSetting("iterations", \.iterations, "passes"),
        LuaSetting("seed", \.seed, "the seed"),
        LuaSetting("mode", \.mode, "exact or fast"),
        LuaSetting("labels", \.labels, "whether to label"),
        LuaSetting("threads", \.threads, described: "the usable cores", "threads"),
    ])
    nonisolated(unsafe) static var read: TrialSettings?

    /// `trial([options])`: reads the options into `read`.
    static let binding: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "trial") { arguments in
            read = try settings.read(arguments, 1)
            return 0
        }
    }
}

final class LuaSettingTests: LuaTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        LuaBinding.push(lua.L, TrialOptions.binding)
        lua_setglobal(lua.L, "trial")
    }

    func testTheDeclarationTakesKindDefaultAndRangeFromTheStruct() {
        let options = TrialOptions.settings.table.options
        XCTAssertEqual(options.map(\.accepts), [
            "number", "integer from 0 to 10", "integer from 0 to 4294967295", "`\"exact\"`, `\"fast\"`", "boolean", "integer ≥ 1",
        ])
        XCTAssertEqual(options.map(\.defaultText), ["`-30`", "`1`", "`7`", "`\"exact\"`", "`false`", "the usable cores"])
    }

    func testTheReaderChecksAndWritesThroughTheKeyPaths() {
        run("trial()")
        XCTAssertEqual(TrialOptions.read, TrialSettings())
        run("trial{strength = -5, iterations = 10, seed = 4294967295, mode = 'fast', labels = true, threads = 2}")
        var expected = TrialSettings()
        expected.strength = -5
        expected.iterations = 10
        expected.seed = .max
        expected.mode = .fast
        expected.labels = true
        expected.threads = 2
        XCTAssertEqual(TrialOptions.read, expected)
        XCTAssertTrue(error("trial{iterations = 11}").contains("field 'iterations': an integer from 0 to 10 expected, got 11"))
        XCTAssertTrue(error("trial{strength = 0/0}").contains("field 'strength': a finite number expected, got nan"))
        XCTAssertTrue(error("trial{mode = 'Fast'}").contains("did you mean 'fast'?"))
        XCTAssertTrue(error("trial{iteration = 2}").contains("trial: unknown option 'iteration' (did you mean 'iterations'?)"))
        XCTAssertTrue(error("trial{labels = 1}").contains("field 'labels': boolean expected, got number"))
    }
}
