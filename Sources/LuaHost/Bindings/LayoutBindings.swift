import CLuaShim
import GraphLayout
import GraphModel

/// The Lua face of layouts computed in one call: `forcelab.layout.stress` and `forcelab.layout.multilevel`.
enum LayoutBindings {
    /// `fl.layout.stress` and `fl.layout.multilevel`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("layout.stress", stress, "(g: Graph, options?: table): table", "lays the graph out by stress majorization; returns {iterations =, converged =, sparse =}", options: [StressLayoutOptions.table]),
        .init("layout.multilevel", multilevel, "(g: Graph, options?: table): table", "lays the graph out by multilevel force refinement", options: [MultilevelLayoutOptions.table]),
    ]

    /// `forcelab.layout.stress(g [, options])`: lays the graph out by stress majorization and returns
    /// `{iterations =, converged =, sparse =}`.
    static let stress: LuaFunction = { L in
        LuaBinding.run(L, "stress") { arguments in
            let graph = try GraphBindings.graph(arguments)
            let settings = try StressLayoutOptions.settings.read(arguments, 2)
            let outcome: StressOutcome
            do {
                outcome = try StressLayout.apply(to: graph.graph, options: settings, check: LuaLimits.checker(arguments.L))
            } catch let error as GraphError {
                throw arguments.error(2, "field 'weight': \(error)")
            }
            let L = arguments.L
            lua_createtable(L, 0, 3)
            lua_pushinteger(L, lua_Integer(outcome.iterations))
            lua_setfield(L, -2, "iterations")
            lua_pushboolean(L, outcome.converged ? 1 : 0)
            lua_setfield(L, -2, "converged")
            lua_pushboolean(L, outcome.sparse ? 1 : 0)
            lua_setfield(L, -2, "sparse")
            return 1
        }
    }

    /// `forcelab.layout.multilevel(g [, options])`: lays the graph out by multilevel force refinement and returns
    /// `{levels = {{nodes =, edges =, ticks =, seconds =}, ...}, polished =}`, the graph itself first.
    static let multilevel: LuaFunction = { L in
        LuaBinding.run(L, "multilevel") { arguments in
            let graph = try GraphBindings.graph(arguments)
            let options = try OptionsReader(arguments, 2, MultilevelLayoutOptions.table)
            var settings = MultilevelOptions()
            settings.dimensions = try options.integer("dimensions")
            settings.coarsening = try options.choice("coarsening", as: Coarsening.self)
            settings.coarsestLayout = try options.choice("coarsestLayout", as: CoarsestLayout.self)
            settings.coarsestSize = try options.integer("coarsestSize")
            settings.minShrink = try options.number("minShrink")
            settings.coarsestTicks = try options.integer("coarsestTicks")
            settings.finestTicks = try options.integer("finestTicks")
            settings.refineAlpha = try options.number("refineAlpha")
            settings.distance = try options.number("distance")
            settings.charge = try options.number("charge")
            settings.polishSweeps = try options.integer("polishSweeps")
            settings.polishPivots = try options.integer("polishPivots")
            settings.seed = try options.integer("seed")
            let outcome = try MultilevelLayout.apply(to: graph.graph, options: settings, check: LuaLimits.checker(arguments.L))
            let L = arguments.L
            lua_createtable(L, 0, 2)
            lua_pushboolean(L, outcome.polished ? 1 : 0)
            lua_setfield(L, -2, "polished")
            lua_createtable(L, Int32(outcome.levels.count), 0)
            for (i, level) in outcome.levels.enumerated() {
                lua_createtable(L, 0, 4)
                lua_pushinteger(L, lua_Integer(level.nodes))
                lua_setfield(L, -2, "nodes")
                lua_pushinteger(L, lua_Integer(level.edges))
                lua_setfield(L, -2, "edges")
                lua_pushinteger(L, lua_Integer(level.ticks))
                lua_setfield(L, -2, "ticks")
                lua_pushnumber(L, level.seconds)
                lua_setfield(L, -2, "seconds")
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            lua_setfield(L, -2, "levels")
            return 1
        }
    }
}
