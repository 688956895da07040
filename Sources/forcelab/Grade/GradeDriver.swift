import CLuaShim
import GraphModel
import LuaHost

/// The grader's Lua side: builds an exercise's graphs and simulations and runs a force on them. It is loaded before
/// the exercise and the submission and keeps its own copies of what it calls, so a submission that changes globals
/// (`forcelab`, `pairs`, ...) cannot change how the graphs are built or run.
final class GradeDriver {
    /// The driver's code; it returns the functions `graph`, `simulation`, `add`, `tick` and `watch`.
    static let source = """
        local forcelab, type, pairs, ipairs, rawget, error, find = forcelab, type, pairs, ipairs, rawget, error, string.find
        local getmetatable, setmetatable = getmetatable, setmetatable
        local loadGraph, generate, simulation = forcelab.graph.load, forcelab.graph.generate, forcelab.simulation

        -- The graph of entry `position` of `graphs` and its label: a file (relative to the exercise's folder), a
        -- table {generate = kind, options...} or a function returning a graph.
        local function graph(entry, folder, position)
          local kind = type(entry)
          if kind == "string" then
            return loadGraph(find(entry, "^/") and entry or folder .. "/" .. entry), entry
          elseif kind == "table" and type(entry.generate) == "string" then
            local options = {}
            for key, value in pairs(entry) do
              if key ~= "generate" then options[key] = value end
            end
            return generate(entry.generate, options), entry.generate
          elseif kind == "function" then
            return entry(), "built by a function"
          end
          error("graphs[" .. position .. "] must be a file name, a table {generate = kind, ...} or a function " ..
                "returning a graph, got " .. kind, 0)
        end

        -- A simulation of g with the exercise's options and its other forces.
        local function newSimulation(g, options, forces)
          local sim = simulation(g, options or {})
          if forces then forces(sim) end
          return sim
        end

        -- Adds the force under test as name (as otherwise when one of the exercise's other forces has that name), or
        -- lets a setup table {setup = function(sim)} configure the simulation.
        local function add(sim, name, otherwise, force)
          if type(force) == "table" and rawget(force, "setup") ~= nil then
            local setup = rawget(force, "setup")
            if rawget(force, "force") ~= nil then error("give either setup or force, not both", 0) end
            if type(setup) ~= "function" then error("setup must be a function(sim), got " .. type(setup), 0) end
            setup(sim)
          else
            if otherwise and sim:force(name) ~= nil then name = otherwise end
            sim:force(name, force)
          end
        end

        -- Runs one tick.
        local function tick(sim)
          sim:tick(1)
        end

        -- Counts in attempts[name] each read of a name the sandbox removed (removed[library] lists them; "_G" the
        -- globals), from now on: each library gets a metatable whose __index counts them, protected from being
        -- changed (but for the globals' table, which scripts may give a metatable of their own).
        local function watch(removed, attempts)
          for library, names in pairs(removed) do
            local t = library == "_G" and _G or rawget(_G, library)
            if type(t) == "table" and getmetatable(t) == nil then
              local watched = {}
              for _, name in ipairs(names) do watched[name] = (library == "_G" and "" or library .. ".") .. name end
              setmetatable(t, {__index = function(_, key)
                local name = watched[key]
                if name then attempts[name] = (attempts[name] or 0) + 1 end
              end, __metatable = library ~= "_G" and library or nil})
            end
          end
        end

        return graph, newSimulation, add, tick, watch
        """

    private let lua: LuaState
    private let graphFunction: LuaReference
    private let simulationFunction: LuaReference
    private let addFunction: LuaReference
    private let tickFunction: LuaReference
    private let watchFunction: LuaReference

    /// Loads the driver into `lua` (before any other code runs in it).
    init(_ lua: LuaState) throws {
        self.lua = lua
        try lua.loadString(GradeDriver.source, name: "=(grader)")
        try lua.call(results: 5)
        graphFunction = LuaReference(lua.L, -5)
        simulationFunction = LuaReference(lua.L, -4)
        addFunction = LuaReference(lua.L, -3)
        tickFunction = LuaReference(lua.L, -2)
        watchFunction = LuaReference(lua.L, -1)
        fl_pop(lua.L, 5)
    }

    /// From now on, counts each use of a name the sandbox removed (`os.execute`, `debug`, ...); `attempts()` reads
    /// the counts.
    func watchRemovedNames() throws -> RemovedNameAttempts {
        let L = lua.L
        LuaValues.push(L, DataValue.object([:]))
        let attempts = LuaReference(L, -1)
        fl_pop(L, 1)
        var removed: [String: DataValue] = [:]
        for library in ["os", "io", "package", "string", "_G"] {
            var names: [DataValue] = []
            var name = fl_sandbox_removed(library)
            while let text = name?.pointee {
                names.append(.string(String(cString: text)))
                name = name?.successor()
            }
            removed[library] = .array(names)
        }
        try watchFunction.call(L) {
            LuaValues.push(L, DataValue.object(removed))
            attempts.push(L)
            return 2
        }
        return RemovedNameAttempts(lua: lua, table: attempts)
    }

    /// Builds the graph of an exercise's `graphs` entry; returns it (a forcelab graph object) and its label.
    func graph(_ entry: LuaReference, folder: String, position: Int) throws -> (value: LuaReference, label: String) {
        let L = lua.L
        try graphFunction.call(L, results: 2) {
            entry.push(L)
            LuaValues.push(L, folder)
            lua_pushinteger(L, lua_Integer(position))
            return 3
        }
        defer { fl_pop(L, 2) }
        guard LuaGraphs.graph(L, at: -2) != nil else {
            throw LuaError("graphs[\(position)] gave \(LuaValues.typeName(L, -2)), not a graph")
        }
        return (LuaReference(L, -2), LuaValues.string(L, -1) ?? "graph \(position)")
    }

    /// A simulation of `graph` with the options table `options` (or d3's defaults) and the other forces `forces` adds.
    func simulation(of graph: LuaReference, options: LuaReference?, forces: LuaReference?) throws -> LuaReference {
        let L = lua.L
        try simulationFunction.call(L, results: 1) {
            graph.push(L)
            if let options { options.push(L) } else { lua_pushnil(L) }
            if let forces { forces.push(L) } else { lua_pushnil(L) }
            return 3
        }
        defer { fl_pop(L, 1) }
        return LuaReference(L, -1)
    }

    /// Whether the value at `index` of `lua`'s stack is a setup table `{setup = ...}` rather than a force.
    static func isSetup(_ L: OpaquePointer, at index: Int32) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE else { return false }
        defer { fl_pop(L, 1) }
        return fl_rawgetfield(L, index, "setup") != LUA_TNIL
    }

    /// Adds `force` to `simulation` (of `graph`) as `name` (as `otherwise`, if given, when another force has `name`),
    /// runs `ticks` ticks one at a time and returns the node positions after each.
    func run(_ simulation: LuaReference, of graph: LuaReference, name: String, otherwise: String?, force: LuaReference, ticks: Int) throws -> [[SIMD3<Double>]] {
        let L = lua.L
        do {
            try addFunction.call(L) {
                simulation.push(L)
                LuaValues.push(L, name)
                if let otherwise { LuaValues.push(L, otherwise) } else { lua_pushnil(L) }
                force.push(L)
                return 4
            }
        } catch let error as LuaError {
            throw RunFailure(tick: 0, error: error)
        }
        return try (1...ticks).map { tick in
            do {
                try tickFunction.call(L) {
                    simulation.push(L)
                    return 1
                }
            } catch let error as LuaError {
                throw RunFailure(tick: tick, error: error)
            }
            return try swiftGraph(graph, GradedLayout.positions)
        }
    }

    /// A Lua error raised by `run` while it added the force (tick 0) or ran tick `tick` (counted from 1).
    struct RunFailure: Error {
        let tick: Int
        let error: LuaError
    }

    /// Whether two graph objects the driver built have the same nodes and edges in the same order.
    func sameShape(_ first: LuaReference, _ second: LuaReference) -> Bool {
        let L = lua.L
        first.push(L)
        second.push(L)
        defer { fl_pop(L, 2) }
        guard let a = LuaGraphs.graph(L, at: -2), let b = LuaGraphs.graph(L, at: -1) else { return false }
        return GradedLayout.shape(of: a) == GradedLayout.shape(of: b)
    }

    /// The layout of a graph object the driver built.
    func layout(of graph: LuaReference) throws -> GradedLayout {
        try swiftGraph(graph, GradedLayout.init)
    }

    /// `body` applied to the Swift graph of a graph object the driver built.
    private func swiftGraph<T>(_ graph: LuaReference, _ body: (Graph) -> T) throws -> T {
        let L = lua.L
        graph.push(L)
        defer { fl_pop(L, 1) }
        guard let graph = LuaGraphs.graph(L, at: -1) else { throw LuaError("the graph is gone") }
        return body(graph)
    }
}
