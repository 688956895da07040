import CLuaShim
import GraphLayout
import GraphModel

/// The Lua face of layouts computed in one call: `forcelab.layout.stress`, `forcelab.layout.multilevel` and
/// `forcelab.layout.layered`.
enum LayoutBindings {
    /// `fl.layout.stress`, `fl.layout.multilevel` and `fl.layout.layered`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("layout.stress", stress, "(g: Graph, options?: table): table", "lays the graph out by stress majorization; returns {iterations =, converged =, sparse =}", options: [StressLayoutOptions.table]),
        .init("layout.multilevel", multilevel, "(g: Graph, options?: table): table", "lays the graph out by multilevel force refinement", options: [MultilevelLayoutOptions.table]),
        .init("layout.layered", layered, "(g: Graph, options?: table): table", "lays a flow out in layers (Sugiyama): edges run one way, few crossings, boxes of their sizes, parents as frames around their children; returns {layers =, crossings =, bends =}", options: [LayeredLayoutOptions.table]),
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
            let settings = try MultilevelLayoutOptions.settings.read(arguments, 2)
            let outcome = try MultilevelLayout.apply(to: graph.graph, options: settings, check: LuaLimits.checker(arguments.L))
            let L = arguments.L
            lua_createtable(L, 0, 2)
            lua_pushboolean(L, outcome.polished ? 1 : 0)
            lua_setfield(L, -2, "polished")
            lua_createtable(L, Int32(outcome.levels.count), 0)
            for (i, level) in outcome.levels.enumerated() {
                pushIntegers(L, [("nodes", level.nodes), ("edges", level.edges), ("ticks", level.ticks)], more: 1)
                lua_pushnumber(L, level.seconds)
                lua_setfield(L, -2, "seconds")
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            lua_setfield(L, -2, "levels")
            return 1
        }
    }

    /// `forcelab.layout.layered(g [, options])`: lays the graph out in layers and returns
    /// `{layers =, crossings =, bends =}`.
    static let layered: LuaFunction = { L in
        LuaBinding.run(L, "layered") { arguments in
            let graph = try GraphBindings.graph(arguments)
            let settings = try LayeredLayoutOptions.settings.read(arguments, 2)
            let outcome = try LayeredLayout.apply(to: graph.graph, options: settings, check: LuaLimits.checker(arguments.L))
            pushIntegers(arguments.L, [("layers", outcome.layers), ("crossings", outcome.crossings), ("bends", outcome.bends)])
            return 1
        }
    }

    /// Pushes a new table holding `fields` as integers, with room for `more` fields the caller adds.
    private static func pushIntegers(_ L: OpaquePointer, _ fields: [(String, Int)], more: Int = 0) {
        lua_createtable(L, 0, Int32(fields.count + more))
        for (name, value) in fields {
            lua_pushinteger(L, lua_Integer(value))
            lua_setfield(L, -2, name)
        }
    }
}
