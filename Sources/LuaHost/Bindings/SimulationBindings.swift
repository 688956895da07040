import CLuaShim
import Foundation
import ForceSimulation
import GraphLayout
import GraphModel

/// The Lua face of simulations (`forcelab.Simulation`): each method checks its arguments, calls the graph layout
/// (or the simulation handle) once and pushes the result.
enum SimulationBindings {
    static let metatable = "forcelab.Simulation"

    /// Every method of a simulation, in one place.
    static let methods: [LuaFunctionDeclaration] = [
        .init("force", force, "(name: string, force?: Force|function|table|nil): Force|function|table|Simulation|nil", "the force of that name; with a force, adds or replaces it in its slot (nil removes it) and returns the simulation", options: [LuaForceFields.table], reads: 1...1),
        .init("forces", forces, "(): string[]", "the forces' names in application order", reads: 0...0),
        .init("tick", tick, "(n?: integer): Simulation", "n ticks (default 1), like d3's tick: no events, no alphaMin check"),
        .init("run", run, "(options?: table): integer, string", "ticks until alpha < alphaMin, maxTicks or sim:stop(); returns the ticks and why it ended", options: [RunOptions.table]),
        .init("stop", stop, "(): Simulation", "ends the running sim:run after the current tick"),
        .init("restart", restart, "(): Simulation", "clears a pending stop"),
        .init("alpha", alpha, "(value?: number): number|Simulation", "reads alpha, or sets it (0 to 1) and returns the simulation", reads: 0...0),
        .init("alphaTarget", alphaTarget, "(value?: number): number|Simulation", "reads alphaTarget, or sets it (0 to 1) and returns the simulation", reads: 0...0),
        .init("alphaMin", alphaMin, "(value?: number): number|Simulation", "reads alphaMin, or sets it (0 to 1) and returns the simulation", reads: 0...0),
        .init("alphaDecay", alphaDecay, "(value?: number): number|Simulation", "reads alphaDecay, or sets it (0 to 1) and returns the simulation", reads: 0...0),
        .init("velocityDecay", velocityDecay, "(value?: number): number|Simulation", "reads velocityDecay, or sets it (0 to 1) and returns the simulation", reads: 0...0),
        .init("find", find, "(x: number, y: number, z?: number, radius?: number): Node?", "the nearest node (strictly within the radius), or nil; 3D takes z", reads: 2...4),
        .init("fix", fix, "(id: string|Node, x?: number, y?: number, z?: number): Simulation", "pins a node, where it is without coordinates"),
        .init("unfix", unfix, "(id: string|Node): Simulation", "frees a pinned node"),
        .init("on", on, "(event: string, handler?: function|nil): function|Simulation|nil", "d3's on: registers (\"tick\" or \"end\", .name), removes (nil) or returns the handler"),
        .init("record", record, "(options?: table): Recording", "records alpha, energy, custom values and positions after every tick", options: [RecordOptions.table]),
        .init("graph", graph, "(): Graph", "the simulation's graph", reads: 0...0),
        .init("seed", seed, "(n: integer): Simulation", "restarts d3's random source from seed n"),
        .init("threads", threads, "(n?: integer): integer|Simulation", "reads the threads the forces may use, or sets them", reads: 0...0),
        .init("nodes", nodes, "(): Node[]", "the simulation's nodes in index order (d3's simulation.nodes())"),
        .init("randomSource", randomSource, "(source?: fun(): number): function|Simulation", "d3's randomSource: replaces the LCG with a function, or returns the source"),
    ]

    /// The Lua type of simulations.
    static let type = LuaTypeDeclaration(
        "Simulation", metatable: metatable, receiver: "sim", "a d3 simulation bound to a graph", methods: methods,
        metamethods: [("__tostring", describe)])

    /// The module functions of simulations.
    static let functions: [LuaFunctionDeclaration] = [
        .init("simulation", new, "(g: Graph, options?: table): Simulation", "binds a d3 simulation to a graph", options: [SimulationOptions.table]),
    ]

    /// The simulation at argument 1.
    static func simulation(_ arguments: LuaArguments) throws -> SimulationHandle {
        try arguments.object(1, SimulationHandle.self, name: "Simulation")
    }

    /// Runs a method body with the calling thread as the one the simulation's callbacks run in.
    static func method(_ L: OpaquePointer?, _ body: (LuaArguments, SimulationHandle) throws -> Int32) -> Int32 {
        LuaBinding.run(L) { arguments in
            let simulation = try simulation(arguments)
            return try simulation.running(in: arguments.L) { try body(arguments, simulation) }
        }
    }

    /// `forcelab.simulation(g [, options])`.
    static let new: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = try GraphBindings.graph(arguments)
            let layout = try GraphLayout(graph: graph.graph, settings: try SimulationOptions.settings.read(arguments, 2))
            LuaContext.of(arguments.L).engineUse.note(layout.simulation)
            let simulation = SimulationHandle(layout: layout, graph: graph, state: arguments.L)
            graph.bind(simulation)
            LuaObject.push(arguments.L, simulation, metatable: metatable)
            LuaCallbacks.link(arguments.L, from: simulation, to: graph, name: "graph")
            return 1
        }
    }

    static let describe: LuaFunction = { L in
        LuaBinding.run(L, undeclared: "tostring") { arguments in
            let engine = try simulation(arguments).layout.simulation
            let names = engine.forceNames.joined(separator: ", ")
            let placement = engine.placement == .random ? "random" : "phyllotaxis"
            let mode = engine.mode == .fast ? ", fast mode" : ""
            LuaValues.push(arguments.L, "Simulation(\(engine.nodeCount) nodes, \(engine.dimensions)D\(mode), \(placement) placement, alpha \(ElementBindings.format(engine.alpha)), forces: \(names.isEmpty ? "none" : names))")
            return 1
        }
    }

    /// `sim:force(name)` returns a force; `sim:force(name, f)` adds or replaces it (keeping its slot);
    /// `sim:force(name, nil)` removes it. `f` is a `forcelab.force.*` value, a function(alpha, nodes), or a table
    /// with `force(alpha)` and optional `initialize(nodes, random)`.
    static let force: LuaFunction = { L in
        method(L) { arguments, simulation in
            let name = try arguments.string(2)
            let L = arguments.L
            if arguments.count < 3 {
                switch simulation.forces[name] {
                case .builtIn(let force)?: LuaObject.push(L, force, metatable: ForceBindings.metatable)
                case .lua(let force)?: force.reference.push(L)
                case .arrays(let force)?: force.reference.push(L)
                case nil: lua_pushnil(L)
                }
                return 1
            }
            if arguments.isNil(3) {
                try simulation.removeForce(name)
            } else if let force = LuaObject.get(L, 3, BuiltInForce.self) {
                try simulation.setForce(name, force)
                LuaCallbacks.link(L, from: simulation, to: force, name: "force " + name)
                return arguments.returningFirst()
            } else if lua_type(L, 3) == LUA_TFUNCTION || lua_type(L, 3) == LUA_TTABLE {
                let shape: LuaForceShape
                do {
                    shape = try LuaForceShape.of(L, at: 3)
                } catch let refusal as LuaForceShape.Refusal {
                    throw arguments.error(3, refusal.reason)
                }
                if shape == .arrays {
                    try simulation.setForce(name, LuaArrayForce(simulation: simulation, name: name, table: 3))
                } else {
                    let reference = LuaReference(L, 3, owner: simulation)
                    try simulation.setForce(name, LuaForce(simulation: simulation, name: name, form: shape == .function ? .function : .table, reference: reference))
                }
            } else {
                throw arguments.typeError(3, expected: "force, function, table or nil")
            }
            LuaCallbacks.link(L, from: simulation, to: nil, name: "force " + name)
            return arguments.returningFirst()
        }
    }

    static let forces: LuaFunction = { L in
        method(L) { arguments, simulation in
            GraphConversions.pushStrings(arguments.L, simulation.layout.forceNames)
            return 1
        }
    }

    /// `sim:tick([n])`: n ticks without events and without checking alphaMin, as d3's tick.
    static let tick: LuaFunction = { L in
        method(L) { arguments, simulation in
            let count = try arguments.integer(2, default: 1)
            let layout = simulation.layout
            try layout.tick(count) { try LuaLimits.check(arguments.L, cost: layout.graph.nodeCount + layout.graph.edgeCount) }
            return arguments.returningFirst()
        }
    }

    /// `sim:run([{maxTicks =, onTick = function(sim, tick), show =, fps =, labels =}])`: ticks until alpha < alphaMin; returns the
    /// tick count and why it stopped ("converged", "maxTicks" or "stopped").
    static let run: LuaFunction = { L in
        method(L) { arguments, simulation in
            let settings = try RunOptions.read(arguments, 2, graph: simulation.graph)
            let (ticks, outcome) = try ScriptedRun.run(simulation, in: arguments.L, simulationIndex: 1, settings: settings)
            lua_pushinteger(arguments.L, lua_Integer(ticks))
            LuaValues.push(arguments.L, ScriptedRun.name(of: outcome))
            return 2
        }
    }

    /// `sim:stop()`: as d3's stop, ends a running `sim:run` after the current tick (it returns "stopped").
    static let stop: LuaFunction = { L in
        method(L) { arguments, simulation in
            simulation.layout.stop()
            return arguments.returningFirst()
        }
    }

    /// `sim:restart()`: d3's timer restart; there is no timer, so it only clears a pending stop.
    static let restart: LuaFunction = { L in
        method(L) { arguments, simulation in
            simulation.layout.restart()
            return arguments.returningFirst()
        }
    }

    /// A getter/setter pair in d3's style: `sim:alpha()` reads, `sim:alpha(v)` (v from 0 to 1, as d3 documents) sets
    /// and returns the simulation.
    static func accessor(_ L: OpaquePointer?, _ property: ReferenceWritableKeyPath<Simulation, Double>) -> Int32 {
        method(L) { arguments, simulation in
            if arguments.isNil(2) {
                lua_pushnumber(arguments.L, simulation.layout.simulation[keyPath: property])
                return 1
            }
            simulation.layout.simulation[keyPath: property] = try arguments.number(2, in: SimulationSettings.coolingRange)
            return arguments.returningFirst()
        }
    }

    static let alpha: LuaFunction = { L in accessor(L, \.alpha) }
    static let alphaTarget: LuaFunction = { L in accessor(L, \.alphaTarget) }
    static let alphaMin: LuaFunction = { L in accessor(L, \.alphaMin) }
    static let alphaDecay: LuaFunction = { L in accessor(L, \.alphaDecay) }
    static let velocityDecay: LuaFunction = { L in accessor(L, \.velocityDecay) }

    /// `sim:find(x, y [, radius])` (3D: `sim:find(x, y, z [, radius])`): the nearest node, or nil.
    static let find: LuaFunction = { L in
        method(L) { arguments, simulation in
            let three = simulation.layout.simulation.dimensions == 3
            let x = try arguments.number(2), y = try arguments.number(3)
            let z = three ? try arguments.number(4, default: 0) : 0
            let radiusArgument: Int32 = three ? 5 : 4
            let radius = arguments.isNil(radiusArgument) ? nil : try arguments.number(radiusArgument)
            ElementBindings.pushIfFound(arguments.L, simulation.graph, .node, try simulation.layout.find(x: x, y: y, z: z, radius: radius))
            return 1
        }
    }

    /// `sim:fix(id [, x, y [, z]])` pins a node (d3's fx/fy); without coordinates, where it is now.
    static let fix: LuaFunction = { L in
        method(L) { arguments, simulation in
            let id = try node(arguments, simulation)
            let x = arguments.isNil(3) ? nil : try arguments.finiteNumber(3)
            let y = arguments.isNil(4) ? nil : try arguments.finiteNumber(4)
            let z = arguments.isNil(5) ? nil : try arguments.finiteNumber(5)
            try simulation.layout.fix(id, x: x, y: y, z: z)
            return arguments.returningFirst()
        }
    }

    /// `sim:unfix(id)` frees a pinned node.
    static let unfix: LuaFunction = { L in
        method(L) { arguments, simulation in
            try simulation.layout.unfix(try node(arguments, simulation))
            return arguments.returningFirst()
        }
    }

    /// The id of the node argument 2 names, which the simulation's graph must hold.
    private static func node(_ arguments: LuaArguments, _ simulation: SimulationHandle) throws -> String {
        try GraphBindings.existingNode(arguments, 2) { simulation.graph.graph.containsNode($0) ? $0 : nil }
    }

    /// `sim:on("tick" | "end" [.name] [, fn | nil])`, as d3's on: with a function it registers it (through the
    /// engine's events), with nil it removes it, without one it returns the current handler.
    static let on: LuaFunction = { L in
        method(L) { arguments, simulation in
            let full = try arguments.string(2)
            let parts = full.split(separator: ".", maxSplits: 1).map(String.init)
            let event: SimulationEvent
            switch parts.first {
            case "tick": event = .tick
            case "end": event = .end
            default: throw arguments.error(2, "unknown event '\(full)' (tick or end)")
            }
            let name = parts.count > 1 ? parts[1] : ""
            let key = "on " + (parts.first ?? "") + "." + name
            if arguments.count < 3 {
                guard let handler = simulation.handlers[key] else {
                    lua_pushnil(arguments.L)
                    return 1
                }
                handler.push(arguments.L)
                return 1
            }
            if arguments.isNil(3) {
                simulation.handlers[key] = nil
                simulation.layout.on(event, name: name, perform: nil)
                return arguments.returningFirst()
            }
            try arguments.function(3)
            let handler = LuaReference(arguments.L, 3, owner: simulation)
            simulation.handlers[key] = handler
            simulation.layout.on(event, name: name) { [unowned simulation] _ in
                let L = simulation.activeState
                try handler.call(L) {
                    lua_pushvalue(L, 1)
                    return 1
                }
            }
            return arguments.returningFirst()
        }
    }

    /// `sim:record([{frames = true, every = 1, values = {name = function(sim) return number end}}])`: records
    /// alpha, energy, the custom values and (every `every` ticks, and the latest) positions after each tick.
    static let record: LuaFunction = { L in
        method(L) { arguments, simulation in
            var settings = RecordSettings()
            settings.keeper = simulation
            let recording = try simulation.record(try RecordOptions.settings.read(arguments, 2, into: settings))
            LuaObject.push(arguments.L, recording, metatable: RecordingBindings.metatable)
            return 1
        }
    }

    /// `sim:randomSource([fn])`, as d3's: with a function returning numbers in [0, 1) it draws the simulation's
    /// random numbers from it and initialises the forces again; without one it returns the source in use (the
    /// function, or a callable drawing from d3's LCG, which given back restores the LCG).
    static let randomSource: LuaFunction = { L in
        method(L) { arguments, simulation in
            let L = arguments.L
            if arguments.count < 2 {
                if let function = simulation.randomSource {
                    function.push(L)
                } else {
                    RandomBindings.push(L, simulation.layout.simulation.random)
                }
                return 1
            }
            if let random = LuaObject.get(L, 2, RandomSource.self), random === simulation.layout.simulation.random {
                try simulation.layout.setRandomSource(nil)
                simulation.randomSource = nil
                return arguments.returningFirst()
            }
            try arguments.function(2)
            let function = LuaReference(L, 2, owner: simulation)
            try simulation.layout.setRandomSource { [unowned simulation] in
                try simulation.callNumber(function, "randomSource") { _ in 0 }
            }
            simulation.randomSource = function
            return arguments.returningFirst()
        }
    }

    /// `sim:nodes()`: the simulation's nodes as node references, in index order (d3's `simulation.nodes()`).
    static let nodes: LuaFunction = { L in
        method(L) { arguments, simulation in
            ElementBindings.pushList(arguments.L, simulation.graph, .node, try simulation.layout.nodesInIndexOrder())
            return 1
        }
    }

    static let graph: LuaFunction = { L in
        method(L) { arguments, simulation in
            LuaObject.push(arguments.L, simulation.graph, metatable: GraphBindings.metatable)
            return 1
        }
    }

    /// `sim:seed(n)`: goes back to d3's random source (after `sim:randomSource(fn)`), restarts it from seed n and
    /// initialises the forces again.
    static let seed: LuaFunction = { L in
        method(L) { arguments, simulation in
            let seed = try arguments.integer(2)
            guard (0...Int(UInt32.max)).contains(seed) else { throw arguments.error(2, "0 to 2^32-1 expected") }
            try simulation.layout.reseed(UInt32(seed))
            simulation.randomSource = nil
            return arguments.returningFirst()
        }
    }

    static let threads: LuaFunction = { L in
        method(L) { arguments, simulation in
            let engine = simulation.layout.simulation
            if arguments.isNil(2) {
                lua_pushinteger(arguments.L, lua_Integer(engine.threads))
                return 1
            }
            engine.threads = try arguments.integer(2)
            LuaContext.of(arguments.L).engineUse.note(engine)
            return arguments.returningFirst()
        }
    }
}
