import CLuaShim
import GraphLayout
import GraphModel

/// The Lua face of layouts computed in one call: `forcelab.layout.stress`.
enum LayoutBindings {
    /// `fl.layout.stress`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("layout.stress", stress, "(g: Graph, options?: table): table", "lays the graph out by stress majorization; returns {iterations =, converged =, sparse =}", options: [StressLayoutOptions.table]),
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
}
