import ForceSimulation

/// `fl.force.center`: d3's forceCenter as Lua makes, reads and sets it.
enum CenterFace: ForceFace {
    static let name = "center"
    static let doc = "moves positions so their mean is the centre"
    static let positional = ["x", "y", "z"]
    static let options: [ForceOption<CenterForce.Settings>] = [
        .number("x", \.x, "centre x"),
        .number("y", \.y, "centre y"),
        .number("z", \.z, "centre z (3D)"),
        .number("strength", \.strength, "share of the offset removed each tick"),
    ]

    static func make(_ settings: CenterForce.Settings, for simulation: SimulationHandle) -> any Force {
        CenterForce(settings)
    }
}

extension CenterForce.Settings: LuaSettable {}
