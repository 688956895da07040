import CLuaShim

/// d3's chained accessors on forces: `f:strength()` reads, `f:strength(-50)` sets (a number, a function or a data
/// field name where the option varies per node or link) and returns the force; a force already added to a
/// simulation takes the new value at once, keeping its place in the order.
enum ForceLua {
    /// One accessor per option name, for the force metatable.
    static let methods: [(String, LuaFunction)] = [
        ("strength", { L in accessor(L, "strength") }), ("theta", { L in accessor(L, "theta") }),
        ("distanceMin", { L in accessor(L, "distanceMin") }), ("distanceMax", { L in accessor(L, "distanceMax") }),
        ("distance", { L in accessor(L, "distance") }), ("iterations", { L in accessor(L, "iterations") }),
        ("radius", { L in accessor(L, "radius") }), ("x", { L in accessor(L, "x") }), ("y", { L in accessor(L, "y") }),
        ("z", { L in accessor(L, "z") }),
    ]

    /// Reads or sets option `name` of the force at argument 1.
    static func accessor(_ L: OpaquePointer?, _ name: String) -> Int32 {
        LuaBinding.run(L, name) { arguments in
            let spec = try arguments.object(1, ForceSpec.self, name: "Force")
            let (all, perElement) = ForceSpec.accepted[spec.kind]!
            guard all.contains(name) else {
                throw LuaError("a \(spec.kind.rawValue) force has no option '\(name)' (options: \(all.sorted().joined(separator: ", ")))")
            }
            let L = arguments.L
            if arguments.count < 2 {
                switch spec.parameters[name] {
                case .number(let value)?: lua_pushnumber(L, value)
                case .function(let function)?: function.push(L)
                case .field(let field)?: LuaValues.push(L, field)
                case nil: lua_pushnil(L)
                }
                return 1
            }
            spec.parameters[name] = try spec.parameter(name, arguments, at: 2, argument: 2, perElement: perElement)
            try reapply(spec, arguments)
            lua_settop(L, 1)
            return 1
        }
    }

    /// Rebuilds the engine force in every simulation the force is still in, under the same name and slot.
    private static func reapply(_ spec: ForceSpec, _ arguments: LuaArguments) throws {
        spec.attachments.removeAll { $0.simulation.value?.specs[$0.name] !== spec }
        for attachment in spec.attachments {
            guard let simulation = attachment.simulation.value else { continue }
            guard !simulation.busy else {
                throw LuaError("a force cannot be changed from inside its simulation's own forces or parameter functions")
            }
            let previous = simulation.activeState
            simulation.activeState = arguments.L
            defer { simulation.activeState = previous }
            try simulation.simulation.setForce(attachment.name, try simulation.makeForce(spec))
        }
    }
}
