import ForceSimulation

/// `fl.force.x`, `fl.force.y` and `fl.force.z`: d3's forceX and forceY (and d3-force-3d's forceZ) as Lua makes,
/// reads and sets them; one face per axis, the option named as the axis.
protocol PositionFace: ForceFace where Settings == PositionForce.Settings {
    /// The axis the force pulls along.
    static var axis: PositionForce.Axis { get }
}

extension PositionFace {
    static var positional: [String] { [name] }
    static var doc: String { "pulls nodes towards a target \(name)" + (axis == .z ? " (3D)" : "") }
    static var options: [ForceOption<PositionForce.Settings>] {
        [
            .perNode(name, \.target, acceptsAnyNumber: true, "each node's target \(name) (NaN: no pull)"),
            .perNode("strength", \.strength, "share of the distance closed per tick, times alpha"),
        ]
    }

    static func make(_ settings: PositionForce.Settings, for simulation: SimulationHandle) -> any Force {
        PositionForce(axis: axis, settings)
    }
}

/// `fl.force.x`.
enum XFace: PositionFace {
    static let name = "x"
    static let axis = PositionForce.Axis.x
}

/// `fl.force.y`.
enum YFace: PositionFace {
    static let name = "y"
    static let axis = PositionForce.Axis.y
}

/// `fl.force.z`.
enum ZFace: PositionFace {
    static let name = "z"
    static let axis = PositionForce.Axis.z
}

extension PositionForce.Settings: LuaSettable {}
