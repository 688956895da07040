import ForceSimulation
import GraphLayout

/// `fl.force.flow`: every edge's target after its source along one direction, at least `separation` apart, back
/// edges (those closing a cycle) left out (`GraphFlowForce`).
enum FlowFace: ForceFace {
    static let name = "flow"
    static let doc = "places every edge's target after its source in one direction"
    static let positional = ["direction"]
    static let options: [ForceOption<Settings>] = [
        .custom(LuaOption("direction", .choiceOrVector(Direction.allCases.map(\.rawValue)), default: .text(Direction.right.rawValue),
                           "the way edges run, as the screen shows it (y grows downwards)")) { settings, value, _, _ in
            switch value {
            case .choice(let name): settings.direction = Direction(rawValue: name)?.vector ?? settings.direction
            case .vector(let numbers): settings.direction = SIMD3(numbers[0], numbers[1], 0)
            default: break
            }
        },
        .number("separation", \.separation, "least gap between an edge's ends (their outlines) along the direction"),
        .number("strength", \.strength, "share of a shortfall closed per tick, times alpha"),
    ]

    /// The four ways a flow may run.
    enum Direction: String, CaseIterable {
        case right, down, left, up

        /// The way as a vector, y downwards.
        var vector: SIMD3<Double> {
            switch self {
            case .right: [1, 0, 0]
            case .down: [0, 1, 0]
            case .left: [-1, 0, 0]
            case .up: [0, -1, 0]
            }
        }
    }

    /// The flow force's settings, with the engine's defaults.
    struct Settings: LuaSettable {
        var direction = Direction.right.vector, separation = FlowForce.defaultSeparation, strength = FlowForce.defaultStrength

        static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            setting == \Settings.strength ? 0...1 : 0...Double.greatestFiniteMagnitude
        }
    }

    static func make(_ settings: Settings, for simulation: SimulationHandle) -> any Force {
        GraphFlowForce(layout: simulation.layout, direction: settings.direction, separation: settings.separation,
                       strength: settings.strength)
    }
}
