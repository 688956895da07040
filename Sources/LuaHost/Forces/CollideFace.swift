import ForceSimulation
import GraphLayout

/// `fl.force.collide`: d3's forceCollide as Lua makes, reads and sets it; with `shape = "box"`, the nodes' boxes
/// (widths and heights) kept apart too (`GraphBoxCollideForce`).
enum CollideFace: ForceFace {
    static let name = "collide"
    static let doc = "keeps nodes' circles (or boxes) apart"
    static let positional = ["radius"]
    static let options: [ForceOption<Settings>] = [
        .perNode("radius", \.circles.radius, "each node's radius (with shape \"box\", of the nodes without a width and height)"),
        .number("strength", \.circles.strength, "share of an overlap resolved each pass"),
        .integer("iterations", \.circles.iterations, "passes per tick"),
        .custom(.choice("shape", Shape.self, default: .circle,
                        "\"box\": a node with a width and a height is its box, as drawn, the others circles")) { settings, value, _, _ in
            if case .choice(let name) = value, let shape = Shape(rawValue: name) { settings.shape = shape }
        },
        .number("margin", \.margin, "least gap kept between outlines (circles: each radius grows by half of it)"),
    ]

    /// What a node's outline is.
    enum Shape: String, CaseIterable {
        case circle, box
    }

    /// d3's collide settings, the outline and the margin between boxes.
    struct Settings: LuaSettable {
        var circles = CollideForce.Settings(), shape = Shape.circle, margin = 0.0

        static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            switch setting {
            case \Settings.margin: 0...Double.greatestFiniteMagnitude
            case \Settings.circles.iterations: CollideForce.Settings.range(of: \.iterations)
            default: nil
            }
        }
    }

    static func make(_ settings: Settings, for simulation: SimulationHandle) -> any Force {
        switch settings.shape {
        case .circle where settings.margin == 0: CollideForce(settings.circles)
        case .circle:
            CollideForce(radius: settings.circles.radius.adding(settings.margin / 2), strength: settings.circles.strength,
                         iterations: settings.circles.iterations)
        case .box:
            GraphBoxCollideForce(layout: simulation.layout, radius: settings.circles.radius, margin: settings.margin,
                                 strength: settings.circles.strength, iterations: settings.circles.iterations)
        }
    }
}

extension CollideForce.Settings: LuaSettable {}
