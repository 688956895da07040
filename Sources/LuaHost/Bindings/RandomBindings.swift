import CLuaShim
import ForceSimulation

/// The simulation's random source as a callable Lua object: `random()` returns d3's next LCG value.
enum RandomBindings {
    static let metatable = "forcelab.Random"

    /// The Lua type of `random` in a Lua force's `initialize`: a callable drawing from the simulation's source.
    static let type = LuaTypeDeclaration(
        "Random", metatable: metatable, receiver: "random", "the simulation's random source; random() returns the next number in [0, 1)",
        methods: [], metamethods: [("__call", next)])

    /// Pushes a callable object drawing from `random`.
    static func push(_ L: OpaquePointer, _ random: RandomSource) {
        LuaObject.push(L, random, metatable: metatable)
    }

    static let next: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "random") { arguments in
            let random = try arguments.object(1, RandomSource.self, name: "random source")
            let value = random.next()
            try random.throwFailure()
            lua_pushnumber(arguments.L, value)
            return 1
        }
    }
}
