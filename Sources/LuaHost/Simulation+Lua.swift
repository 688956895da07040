import CLuaShim
import Foundation
import ForceSimulation
import GraphModel

/// The Lua face of simulations (`forcelab.Simulation`) and of `forcelab.force.*`.
enum SimulationLua {
    static let metatable = "forcelab.Simulation"
    static let forceMetatable = "forcelab.Force"

    /// Registers the metatables and adds `simulation` and `force` to the module table on top of the stack.
    static func register(_ L: OpaquePointer) {
        LuaObject.register(L, name: metatable, methods: methods, metamethods: [("__tostring", describe)])
        LuaObject.register(L, name: forceMetatable, methods: ForceLua.methods, metamethods: [("__tostring", describeForce)])
        RandomLua.register(L)
        LuaBinding.set(L, table: -1, "simulation", new)
        lua_createtable(L, 0, Int32(ForceSpec.Kind.allCases.count))
        for (name, function) in constructors { LuaBinding.set(L, table: -1, name, function) }
        lua_setfield(L, -2, "force")
    }

    static func simulation(_ arguments: LuaArguments) throws -> LuaSimulation {
        try arguments.object(1, LuaSimulation.self, name: "Simulation")
    }

    /// Runs a method that ticks or changes forces or nodes: refused while the simulation's own Lua code (a Lua
    /// force, a per-node parameter function) runs inside it; the calling thread is the one Lua code runs in until
    /// the method returns, and the previous one afterwards (a method may be called from a coroutine).
    static func running(_ arguments: LuaArguments, _ body: (LuaSimulation) throws -> Int32) throws -> Int32 {
        let simulation = try simulation(arguments)
        guard !simulation.busy else {
            throw LuaError("'\(arguments.function)' cannot be called from inside the simulation's own forces or parameter functions")
        }
        let previous = simulation.activeState
        simulation.activeState = arguments.L
        defer { simulation.activeState = previous }
        return try body(simulation)
    }

    static let methods: [(String, LuaFunction)] = [
        ("force", force), ("tick", tick), ("run", run), ("alpha", alpha), ("alphaTarget", alphaTarget),
        ("alphaMin", alphaMin), ("alphaDecay", alphaDecay), ("velocityDecay", velocityDecay),
        ("restart", restart), ("stop", stop), ("find", find), ("fix", fix), ("unfix", unfix), ("on", on),
        ("graph", graph), ("seed", seed), ("threads", threads), ("forces", forces),
    ]

    /// `forcelab.simulation(g [, {dimensions, seed, alpha, alphaMin, alphaDecay, alphaTarget, velocityDecay, threads}])`.
    static let new: LuaFunction = { L in
        LuaBinding.run(L, "simulation") { arguments in
            let graph = try GraphLua.graph(arguments)
            let options = try LuaTableReader(arguments, 2, optional: true)
            try options.refuseUnknown(["dimensions", "seed", "alpha", "alphaMin", "alphaDecay", "alphaTarget", "velocityDecay", "threads"])
            let dimensions = try options.integer("dimensions") ?? 2
            guard dimensions == 2 || dimensions == 3 else { throw arguments.error(2, "field 'dimensions': 2 or 3 expected, got \(dimensions)") }
            let seed = try options.integer("seed") ?? 1
            guard (0...Int(UInt32.max)).contains(seed) else { throw arguments.error(2, "field 'seed': 0 to 2^32-1 expected") }
            let simulation = try LuaSimulation(graph, state: arguments.L, dimensions: dimensions, seed: UInt32(seed))
            let engine = simulation.simulation
            engine.alpha = try options.finiteNumber("alpha") ?? engine.alpha
            engine.alphaMin = try options.finiteNumber("alphaMin") ?? engine.alphaMin
            engine.alphaDecay = try options.finiteNumber("alphaDecay") ?? engine.alphaDecay
            engine.alphaTarget = try options.finiteNumber("alphaTarget") ?? engine.alphaTarget
            engine.velocityDecay = try options.finiteNumber("velocityDecay") ?? engine.velocityDecay
            if let threads = try options.integer("threads") { engine.threads = threads }
            try GraphLua.deliverEvents(arguments.L, graph)
            LuaObject.push(arguments.L, simulation, metatable: metatable)
            LuaCallbacks.link(arguments.L, from: simulation, to: graph, name: "graph")
            return 1
        }
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, "tostring") { arguments in
            let simulation = try simulation(arguments)
            let engine = simulation.simulation
            let names = engine.forceNames.joined(separator: ", ")
            LuaValues.push(arguments.L, "Simulation(\(engine.nodeCount) nodes, \(engine.dimensions)D, alpha \(ElementLua.format(engine.alpha)), forces: \(names.isEmpty ? "none" : names))")
            return 1
        }
    }

    static let describeForce: LuaFunction = { L in
        LuaBinding.run(L, "tostring") { arguments in
            let spec = try arguments.object(1, ForceSpec.self, name: "Force")
            let parameters = spec.parameters.keys.sorted().map { key -> String in
                switch spec.parameters[key]! {
                case .number(let value): return "\(key) = \(ElementLua.format(value))"
                case .function: return "\(key) = function"
                case .field(let field): return "\(key) = \"\(field)\""
                }
            }
            LuaValues.push(arguments.L, "Force.\(spec.kind.rawValue){\(parameters.joined(separator: ", "))}")
            return 1
        }
    }

    static let constructors: [(String, LuaFunction)] = [
        ("center", { L in construct(L, .center) }), ("manyBody", { L in construct(L, .manyBody) }),
        ("link", { L in construct(L, .link) }), ("collide", { L in construct(L, .collide) }),
        ("x", { L in construct(L, .x) }), ("y", { L in construct(L, .y) }), ("z", { L in construct(L, .z) }),
        ("radial", { L in construct(L, .radial) }),
    ]

    /// `forcelab.force.KIND{options}`: a force description to hand to `sim:force(name, f)`.
    static func construct(_ L: OpaquePointer?, _ kind: ForceSpec.Kind) -> Int32 {
        LuaBinding.run(L, kind.rawValue) { arguments in
            try ForceSpec.push(kind, arguments, 1, metatable: forceMetatable)
            return 1
        }
    }

    /// `sim:force(name)` returns a force; `sim:force(name, f)` adds or replaces it (keeping its slot);
    /// `sim:force(name, nil)` removes it. `f` is a `forcelab.force.*` value, a function(alpha, nodes), or a table
    /// with `force(alpha)` and optional `initialize(nodes, random)`.
    static let force: LuaFunction = { L in
        LuaBinding.run(L, "force") { arguments in
            try running(arguments) { simulation in
                let name = try arguments.string(2)
                let L = arguments.L
                let engine = simulation.simulation
                if arguments.count < 3 {
                    if let spec = simulation.specs[name] {
                        LuaObject.push(L, spec, metatable: forceMetatable)
                    } else if let luaForce = simulation.luaForces[name] {
                        luaForce.reference.push(L)
                    } else {
                        lua_pushnil(L)
                    }
                    return 1
                }
                try simulation.pullFromGraph()
                if arguments.isNil(3) {
                    engine.removeForce(name)
                    simulation.specs[name] = nil
                    simulation.luaForces[name] = nil
                } else if let spec = LuaObject.get(L, 3, ForceSpec.self) {
                    try engine.setForce(name, try simulation.makeForce(spec))
                    simulation.specs[name] = spec
                    spec.attachments.append((simulation: WeakSimulation(value: simulation), name: name))
                    LuaCallbacks.link(L, from: simulation, to: spec, name: "force " + name)
                    simulation.luaForces[name] = nil
                } else if lua_type(L, 3) == LUA_TFUNCTION || lua_type(L, 3) == LUA_TTABLE {
                    let form: LuaForce.Form = lua_type(L, 3) == LUA_TFUNCTION ? .function : .table
                    if form == .table {
                        try checkMember(arguments, "force", optional: false)
                        try checkMember(arguments, "initialize", optional: true)
                    }
                    let luaForce = LuaForce(simulation: simulation, form: form, reference: LuaReference(L, 3, owner: simulation))
                    try engine.setForce(name, luaForce)
                    simulation.luaForces[name] = luaForce
                    simulation.specs[name] = nil
                } else {
                    throw arguments.typeError(3, expected: "force, function, table or nil")
                }
                if simulation.luaForces.isEmpty { simulation.nodeTables.release() }
                if simulation.specs[name] == nil { LuaCallbacks.link(L, from: simulation, to: nil, name: "force " + name) }
                lua_settop(L, 1)
                return 1
            }
        }
    }

    /// `sim:tick([n])`: n ticks without events and without checking alphaMin, as d3's tick.
    static let tick: LuaFunction = { L in
        LuaBinding.run(L, "tick") { arguments in
            try running(arguments) { simulation in
                let count = try arguments.integer(2, default: 1)
                try simulation.pullFromGraph()
                try simulation.keepingPositions {
                    for _ in 0..<max(0, count) {
                        if fl_interrupted() != 0 { throw interrupted() }
                        try simulation.pullNodeSet()
                        try simulation.simulation.tick()
                        try simulation.afterTick()
                    }
                }
                try GraphLua.deliverEvents(arguments.L, simulation.graph)
                lua_settop(arguments.L, 1)
                return 1
            }
        }
    }

    /// The error raised when Ctrl-C stops a long Swift loop.
    static func interrupted() -> LuaError {
        fl_clear_interrupt()
        return LuaError("interrupted!")
    }

    /// `sim:run([{maxTicks =, onTick = function(sim, tick)}])`: ticks until alpha < alphaMin; returns the tick count
    /// and why it stopped ("converged" or "maxTicks").
    static let run: LuaFunction = { L in
        LuaBinding.run(L, "run") { arguments in
            try running(arguments) { simulation in
                let options = try LuaTableReader(arguments, 2, optional: true)
                let maxTicks = try options.integer("maxTicks") ?? Int.max
                let L = arguments.L
                var onTick: LuaReference?
                if options.push("onTick") != LUA_TNIL {
                    guard lua_type(L, -1) == LUA_TFUNCTION else { throw options.fieldError("onTick", expected: "function") }
                    onTick = LuaReference(L, -1)
                }
                fl_pop(L, 1)
                let progress = ProgressBar(enabled: isatty(STDERR_FILENO) != 0, alphaMin: simulation.simulation.alphaMin)
                try simulation.pullFromGraph()
                simulation.stopRequested = false
                let hasCallbacks = onTick != nil || !(simulation.handlers["tick"] ?? []).isEmpty
                var ticks = 0
                let show = options.boolean("show") ?? false ? LiveView(graph: simulation.graph.graph) : nil
                let outcome = try simulation.keepingPositions { try simulation.simulation.run(maxTicks: maxTicks, onTick: { engine in
                    ticks += 1
                    try simulation.afterTick()
                    let drawing = show?.isDue ?? false
                    if drawing || hasCallbacks { try simulation.writeBack() }
                    if drawing { try show?.draw(tick: ticks, alpha: engine.alpha) }
                    if show == nil { progress.update(tick: ticks, alpha: engine.alpha) }
                    guard hasCallbacks else { return }
                    try GraphLua.deliverEvents(L, simulation.graph)
                    if let onTick {
                        try onTick.call(L) {
                            lua_pushvalue(L, 1)
                            lua_pushinteger(L, lua_Integer(ticks))
                            return 2
                        }
                    }
                    try dispatch(simulation, "tick")
                    try simulation.pullFromGraph()
                }, shouldStop: { fl_interrupted() != 0 || simulation.stopRequested }) }
                progress.finish()
                try show?.draw(tick: ticks, alpha: simulation.simulation.alpha)
                if outcome == .interrupted && !simulation.stopRequested { throw interrupted() }
                if outcome == .converged { try dispatch(simulation, "end") }
                try GraphLua.deliverEvents(L, simulation.graph)
                lua_pushinteger(L, lua_Integer(ticks))
                LuaValues.push(L, outcome == .converged ? "converged" : outcome == .tickLimit ? "maxTicks" : "stopped")
                return 2
            }
        }
    }

    /// Fails unless field `name` of the table-form Lua force (argument 3) is a function (or nil, when optional).
    private static func checkMember(_ arguments: LuaArguments, _ name: String, optional: Bool) throws {
        let L = arguments.L
        let type = try LuaForce.pushField(L, 3, name)
        fl_pop(L, 1)
        guard type == LUA_TFUNCTION || (optional && type == LUA_TNIL) else {
            throw arguments.error(3, "field '\(name)': function expected, got \(String(cString: lua_typename(L, type)))")
        }
    }

    /// Calls the Lua handlers of `event` with the simulation.
    static func dispatch(_ simulation: LuaSimulation, _ event: String) throws {
        let L = simulation.activeState
        for handler in simulation.handlers[event] ?? [] {
            try handler.reference.call(L) {
                lua_pushvalue(L, 1)
                return 1
            }
        }
    }

    /// A getter/setter pair in d3's style: `sim:alpha()` reads, `sim:alpha(v)` sets and returns the simulation.
    static func accessor(_ L: OpaquePointer?, _ name: String, _ property: ReferenceWritableKeyPath<Simulation, Double>) -> Int32 {
        LuaBinding.run(L, name) { arguments in
            let simulation = try simulation(arguments)
            if arguments.isNil(2) {
                lua_pushnumber(arguments.L, simulation.simulation[keyPath: property])
                return 1
            }
            simulation.simulation[keyPath: property] = try arguments.finiteNumber(2)
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    static let alpha: LuaFunction = { L in accessor(L, "alpha", \.alpha) }
    static let alphaTarget: LuaFunction = { L in accessor(L, "alphaTarget", \.alphaTarget) }
    static let alphaMin: LuaFunction = { L in accessor(L, "alphaMin", \.alphaMin) }
    static let alphaDecay: LuaFunction = { L in accessor(L, "alphaDecay", \.alphaDecay) }
    static let velocityDecay: LuaFunction = { L in accessor(L, "velocityDecay", \.velocityDecay) }

    /// `sim:restart()`: d3's timer restart; there is no timer, so it only clears a pending stop.
    static let restart: LuaFunction = { L in
        LuaBinding.run(L, "restart") { arguments in
            try simulation(arguments).stopRequested = false
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    /// `sim:stop()`: as d3's stop, ends a running `sim:run` after the current tick (it returns "stopped").
    static let stop: LuaFunction = { L in
        LuaBinding.run(L, "stop") { arguments in
            try simulation(arguments).stopRequested = true
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    static let find: LuaFunction = { L in
        LuaBinding.run(L, "find") { arguments in
            try running(arguments) { simulation in
                let three = simulation.simulation.dimensions == 3
                let x = try arguments.number(2), y = try arguments.number(3)
                let z = three ? try arguments.number(4, default: 0) : 0
                let radiusArgument: Int32 = three ? 5 : 4
                let radius = arguments.isNil(radiusArgument) ? nil : try arguments.number(radiusArgument)
                try simulation.pullFromGraph()
                if let index = simulation.simulation.find(x: x, y: y, z: z, radius: radius) {
                    ElementLua.push(arguments.L, simulation.graph, .node, simulation.nodeIds[index])
                } else {
                    lua_pushnil(arguments.L)
                }
                return 1
            }
        }
    }

    /// `sim:fix(id, x, y [, z])` pins a node (d3's fx/fy); without coordinates, where it is now.
    static let fix: LuaFunction = { L in
        LuaBinding.run(L, "fix") { arguments in
            try running(arguments) { simulation in
                let id = try GraphLua.nodeId(arguments, 2)
                try simulation.pullFromGraph()
                guard let node = simulation.graph.graph.node(id) else { throw GraphError("no node with id '\(id)'") }
                let x = arguments.isNil(3) ? node.position.x : try arguments.finiteNumber(3)
                let y = arguments.isNil(4) ? node.position.y : try arguments.finiteNumber(4)
                let z = arguments.isNil(5) ? node.position.z : try arguments.finiteNumber(5)
                try simulation.graph.graph.updateNode(id) {
                    $0.fx = x
                    $0.fy = y
                    if simulation.simulation.dimensions == 3 { $0.fz = z }
                }
                try simulation.pullFromGraph()
                try GraphLua.deliverEvents(arguments.L, simulation.graph)
                lua_settop(arguments.L, 1)
                return 1
            }
        }
    }

    static let unfix: LuaFunction = { L in
        LuaBinding.run(L, "unfix") { arguments in
            try running(arguments) { simulation in
                let id = try GraphLua.nodeId(arguments, 2)
                try simulation.pullFromGraph()
                try simulation.graph.graph.updateNode(id) {
                    $0.fx = nil
                    $0.fy = nil
                    $0.fz = nil
                }
                try simulation.pullFromGraph()
                try GraphLua.deliverEvents(arguments.L, simulation.graph)
                lua_settop(arguments.L, 1)
                return 1
            }
        }
    }

    /// `sim:on("tick" | "end" [.name] [, fn | nil])`, as d3's on: with a function it registers it, with nil it
    /// removes it, without one it returns the current handler.
    static let on: LuaFunction = { L in
        LuaBinding.run(L, "on") { arguments in
            let simulation = try simulation(arguments)
            let full = try arguments.string(2)
            let parts = full.split(separator: ".", maxSplits: 1).map(String.init)
            let event = parts.first ?? ""
            guard event == "tick" || event == "end" else { throw arguments.error(2, "unknown event '\(full)' (tick or end)") }
            let name = parts.count > 1 ? parts[1] : ""
            var list = simulation.handlers[event] ?? []
            if arguments.count < 3 {
                if let handler = list.first(where: { $0.name == name }) { handler.reference.push(arguments.L) } else { lua_pushnil(arguments.L) }
                return 1
            }
            if let slot = list.firstIndex(where: { $0.name == name }) { list.remove(at: slot) }
            if !arguments.isNil(3) {
                try arguments.function(3)
                list.append((name: name, reference: LuaReference(arguments.L, 3, owner: simulation)))
            }
            simulation.handlers[event] = list
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    static let graph: LuaFunction = { L in
        LuaBinding.run(L, "graph") { arguments in
            let simulation = try simulation(arguments)
            LuaObject.push(arguments.L, simulation.graph, metatable: GraphLua.metatable)
            return 1
        }
    }

    /// `sim:seed(n)`: restarts d3's random source from seed n and initialises the forces again.
    static let seed: LuaFunction = { L in
        LuaBinding.run(L, "seed") { arguments in
            try running(arguments) { simulation in
                let seed = try arguments.integer(2)
                guard (0...Int(UInt32.max)).contains(seed) else { throw arguments.error(2, "0 to 2^32-1 expected") }
                try simulation.simulation.reseed(UInt32(seed))
                lua_settop(arguments.L, 1)
                return 1
            }
        }
    }

    static let threads: LuaFunction = { L in
        LuaBinding.run(L, "threads") { arguments in
            let simulation = try simulation(arguments)
            if arguments.isNil(2) {
                lua_pushinteger(arguments.L, lua_Integer(simulation.simulation.threads))
                return 1
            }
            simulation.simulation.threads = try arguments.integer(2)
            lua_settop(arguments.L, 1)
            return 1
        }
    }

    static let forces: LuaFunction = { L in
        LuaBinding.run(L, "forces") { arguments in
            let simulation = try simulation(arguments)
            GraphConversions.pushStrings(arguments.L, simulation.simulation.forceNames)
            return 1
        }
    }
}
