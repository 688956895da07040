import ForceSimulation

/// `fl.force.center`: d3's forceCenter as Lua makes, reads and sets it.
enum CenterFace: SettingsForceFace {
    typealias Engine = CenterForce
    static let name = "center"
    static let doc = "moves positions so their mean is the centre"
    static let positional = ["x", "y", "z"]
    static let options: [ForceOption<Settings>] = [
        .number("x", \.x, "centre x"),
        .number("y", \.y, "centre y"),
        .number("z", \.z, "centre z (3D)"),
        .number("strength", \.strength, "share of the offset removed each tick"),
    ]
}

extension CenterForce.Settings: LuaSettable {}
