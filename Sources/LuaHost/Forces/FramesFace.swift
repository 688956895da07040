import ForceSimulation
import GraphLayout

/// `fl.force.frames`: each parent in the graph holds its children, its frame grown to fit them (`GraphFrameForce`).
enum FramesFace: ForceFace {
    static let name = "frames"
    static let doc = "keeps each parent's children inside its frame, the frame grown to fit them"
    static let options: [ForceOption<Settings>] = [
        .number("padding", \.padding, "room between a frame's side and its children"),
        .number("labelRoom", \.labelRoom, "extra room at a frame's top, for its label"),
        .number("strength", \.strength, "pull of each child towards its frame's middle, times alpha"),
        .boolean("shrinks", \.shrinks, "whether a frame may become smaller than its size in the graph"),
    ]

    /// The frames force's settings, with the engine's defaults.
    struct Settings: LuaSettable {
        var padding = FrameForce.defaultPadding, labelRoom = FrameForce.defaultLabelRoom, strength = FrameForce.defaultStrength
        var shrinks = false

        static func range(of setting: PartialKeyPath<Settings>) -> ClosedRange<Double>? {
            setting == \Settings.strength ? 0...1 : 0...Double.greatestFiniteMagnitude
        }
    }

    static func make(_ settings: Settings, for simulation: SimulationHandle) -> any Force {
        GraphFrameForce(layout: simulation.layout, padding: settings.padding, labelRoom: settings.labelRoom, strength: settings.strength,
                        shrinks: settings.shrinks)
    }
}
