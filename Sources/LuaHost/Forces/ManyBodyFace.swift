import ForceSimulation

/// `fl.force.manyBody`: d3's forceManyBody as Lua makes, reads and sets it.
enum ManyBodyFace: SettingsForceFace {
    typealias Engine = ManyBodyForce
    static let name = "manyBody"
    static let doc = "Barnes-Hut charge between all nodes"
    static let options: [ForceOption<Settings>] = [
        .perNode("strength", \.strength, "charge (negative repels)"),
        .number("theta", \.theta, "Barnes-Hut accuracy: a cell acts as one body when width / distance < theta (fast mode's 2D multipoles take it as their opening, up to 0.9: smaller is more accurate and slower, larger reads as 0.9)"),
        .number("distanceMin", \.distanceMin, "distances below it count as it"),
        .number("distanceMax", \.distanceMax, "nodes farther apart do not interact"),
    ]
}

extension ManyBodyForce.Settings: LuaSettable {}
