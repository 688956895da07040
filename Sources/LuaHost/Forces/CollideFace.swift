import ForceSimulation

/// `fl.force.collide`: d3's forceCollide as Lua makes, reads and sets it.
enum CollideFace: ForceFace {
    static let name = "collide"
    static let doc = "keeps nodes' circles apart"
    static let positional = ["radius"]
    static let options: [ForceOption<CollideForce.Settings>] = [
        .perNode("radius", \.radius, "each node's radius"),
        .number("strength", \.strength, "share of an overlap resolved each pass"),
        .integer("iterations", \.iterations, "passes per tick"),
    ]

    static func make(_ settings: CollideForce.Settings, for simulation: SimulationHandle) -> any Force {
        CollideForce(settings)
    }
}

extension CollideForce.Settings: LuaSettable {}
