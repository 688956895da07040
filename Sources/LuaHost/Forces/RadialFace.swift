import ForceSimulation

/// `fl.force.radial`: d3's forceRadial as Lua makes, reads and sets it.
enum RadialFace: SettingsForceFace {
    typealias Engine = RadialForce
    static let name = "radial"
    static let doc = "pulls nodes towards a circle (a sphere in 3D) around a centre"
    static let positional = ["radius", "x", "y", "z"]
    static let options: [ForceOption<Settings>] = [
        .perNode("radius", \.radius, "each node's target distance from the centre"),
        .number("x", \.x, "centre x"),
        .number("y", \.y, "centre y"),
        .number("z", \.z, "centre z (3D)"),
        .perNode("strength", \.strength, "share of the distance closed per tick, times alpha"),
    ]
}

extension RadialForce.Settings: LuaSettable {}
