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
        GraphBindings.graphFunction(L, StressLayoutOptions.settings) { arguments, graph, settings in
            let outcome: StressOutcome
            do {
                outcome = try StressLayout.apply(to: graph, options: settings, check: LuaLimits.checker(arguments.L))
            } catch let error as GraphError {
                throw arguments.error(2, "field 'weight': \(error)")
            } catch let error as LayoutOptionError {
                throw arguments.error(2, "field '\(error.option)': \(error.problem)")
            }
            pushTable(arguments.L, [("iterations", .integer(outcome.iterations)), ("converged", .bool(outcome.converged)),
                                    ("sparse", .bool(outcome.sparse))])
            return 1
        }
    }

    /// `forcelab.layout.multilevel(g [, options])`: lays the graph out by multilevel force refinement and returns
    /// `{levels = {{nodes =, edges =, ticks =, seconds =}, ...}, polished =, descended =, sparseDescended =}`, the graph
    /// itself first.
    static let multilevel: LuaFunction = { L in
        GraphBindings.graphFunction(L, MultilevelLayoutOptions.settings) { arguments, graph, settings in
            let outcome = try MultilevelLayout.apply(to: graph, options: settings, check: LuaLimits.checker(arguments.L))
            let L = arguments.L
            pushTable(L, [("polished", .bool(outcome.polished)), ("descended", .bool(outcome.descended)),
                          ("sparseDescended", .bool(outcome.sparseDescended))], more: 1)
            lua_createtable(L, Int32(outcome.levels.count), 0)
            for (i, level) in outcome.levels.enumerated() {
                pushTable(L, [("nodes", .integer(level.nodes)), ("edges", .integer(level.edges)),
                              ("ticks", .integer(level.ticks))], more: 1)
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
        GraphBindings.graphFunction(L, LayeredLayoutOptions.settings) { arguments, graph, settings in
            let outcome = try LayeredLayout.apply(to: graph, options: settings, check: LuaLimits.checker(arguments.L))
            pushTable(arguments.L, [("layers", .integer(outcome.layers)), ("crossings", .integer(outcome.crossings)),
                                    ("bends", .integer(outcome.bends))])
            return 1
        }
    }

    /// Pushes a new table holding `fields` in their order, with room for `more` fields the caller adds.
    private static func pushTable(_ L: OpaquePointer, _ fields: [(String, DataValue)], more: Int = 0) {
        lua_createtable(L, 0, Int32(fields.count + more))
        for (name, value) in fields {
            LuaValues.push(L, value)
            lua_setfield(L, -2, name)
        }
    }
}
