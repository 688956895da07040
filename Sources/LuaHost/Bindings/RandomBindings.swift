import CLuaShim
import ForceSimulation

/// The simulation's random source as a callable Lua object: `random()` returns d3's next LCG value.
enum RandomBindings {
    static let metatable = "forcelab.Random"

    /// Registers the metatable.
    static func register(_ L: OpaquePointer) {
        LuaObject.register(L, name: metatable, methods: [], metamethods: [("__call", next)])
    }

    /// Pushes a callable object drawing from `random`.
    static func push(_ L: OpaquePointer, _ random: RandomSource) {
        LuaObject.push(L, random, metatable: metatable)
    }

    static let next: LuaFunction = { L in
        LuaBinding.run(L, "random") { arguments in
            let random = try arguments.object(1, RandomSource.self, name: "random source")
            let value = random.next()
            try random.throwFailure()
            lua_pushnumber(arguments.L, value)
            return 1
        }
    }
}
