import CLuaShim
import ForceSimulation
import XCTest

@testable import LuaHost

/// The trial of architecture.md's "Adding a force" and "Adding an option": a force as a module would add it (an
/// engine force with its `Settings`, defaults and ranges written there once) and its face, one `ForceOption` line per
/// option; nothing else of LuaHost is written, and the force is made, read, set, printed and used by simulations
/// like the built-in ones.
private final class DragForce: SettingsForce {
    /// The drag's settings.
    struct Settings: LuaSettable {
        /// The share of velocity taken away per pass.
        var strength = 0.25
        /// Passes per tick.
        var iterations = 1

        static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            switch setting {
            case \Settings.strength: 0...1
            case \Settings.iterations: 1...10
            default: nil
            }
        }
    }

    let settings: Settings
    private var kinetics: Kinetics?

    init(_ settings: Settings) {
        self.settings = settings
    }

    func initialize(kinetics: Kinetics, random: RandomSource) throws {
        self.kinetics = kinetics
    }

    func apply(alpha: Double) throws {
        guard let k = kinetics else { return }
        for _ in 0..<settings.iterations {
            for i in 0..<k.count {
                k.vx[i] *= 1 - settings.strength
                k.vy[i] *= 1 - settings.strength
            }
        }
    }
}

/// `fl.force.drag`, as its face file would declare it.
private enum DragFace: SettingsForceFace {
    typealias Engine = DragForce
    static let name = "drag"
    static let doc = "takes a share of every velocity away"
    static let positional = ["strength"]
    static let options: [ForceOption<Settings>] = [
        .number("strength", \.strength, "share of velocity taken away per pass"),
        .integer("iterations", \.iterations, "passes per tick"),
    ]
}

final class ForceFaceTests: LuaTestCase {
    func testTheDeclarationTakesKindDefaultAndRangeFromTheEngineSettings() throws {
        let kind = ForceKind(DragFace.self)
        XCTAssertEqual(kind.table.function, "fl.force.drag")
        XCTAssertEqual(kind.table.names, ["strength", "iterations"])
        let strength = try XCTUnwrap(kind.table.option("strength"))
        XCTAssertEqual(strength.numericDefault, 0.25)
        XCTAssertEqual(strength.expected, "a number from 0 to 1")
        XCTAssertEqual(kind.table.option("iterations")?.expected, "an integer from 1 to 10")
        XCTAssertEqual(kind.table.option("iterations")?.numericDefault, 1)
        // Every built-in face's defaults are its engine force's.
        XCTAssertEqual(ForceKind.named("manyBody")?.table.option("theta")?.numericDefault, ManyBodyForce().theta)
        XCTAssertEqual(ForceKind.named("collide")?.table.option("iterations")?.numericDefault, Double(CollideForce().iterations))
        XCTAssertEqual(ForceKind.named("center")?.table.option("strength")?.numericDefault, CenterForce().strength)
    }

    func testANewForceIsMadeReadSetAndUsedByEverySimulationLikeTheBuiltInOnes() {
        LuaObject.push(lua.L, BuiltInForce(kind: ForceKind(DragFace.self)), metatable: ForceBindings.metatable)
        lua_setglobal(lua.L, "drag")
        run("""
            local function layout()
                local g = fl.graph.new()
                g:addNode{id = "a", x = 0, y = 0}
                local sim = fl.simulation(g, {velocityDecay = 0})
                sim:force("drag", drag)
                g:node("a").vx = 8
                return g, sim
            end
            assert(drag:strength() == 0.25 and drag:iterations() == 1, "the defaults are the engine settings'")
            local g1, sim1 = layout()
            local g2, sim2 = layout()
            assert(tostring(sim1:force("drag")) == "Force.drag{}", "sim:force gives it back")
            sim1:tick()
            assert(g1:node("a").vx == 6, g1:node("a").vx)
            assert(drag:strength(0.5) == drag and drag:iterations(2) == drag)
            assert(tostring(drag) == "Force.drag{strength = 0.5, iterations = 2}", tostring(drag))
            assert(math.type(drag:iterations()) == "integer" and math.type(fl.force.collide{}:iterations()) == "integer",
              "an integer option reads back as a Lua integer, given or default")
            sim1:tick()
            sim2:tick()
            assert(g1:node("a").vx == 1.5, "the setter reached the first simulation: " .. g1:node("a").vx)
            assert(g2:node("a").vx == 2, "and the second: " .. g2:node("a").vx)
            local ok, err = pcall(drag.strength, drag, 2)
            assert(not ok and err:find("option 'strength': a number from 0 to 1 expected, got 2", 1, true), err)
            assert(drag:strength() == 0.5, "a refused value is not kept")
            sim1:force("drag", nil)
            drag:strength(0)
            sim2:tick()
            assert(g2:node("a").vx == 2, "a simulation still using it takes the change: " .. g2:node("a").vx)
            """)
    }
}
