import CLuaShim
import GraphLayout
import GraphModel

/// The Lua face of layouts computed in one call: `forcelab.layout.stress`.
enum LayoutLua {
    /// Adds `layout = {stress}` to the module table on top of the stack.
    static func register(_ L: OpaquePointer) {
        lua_createtable(L, 0, 1)
        LuaBinding.set(L, table: -1, "stress", stress)
        lua_setfield(L, -2, "layout")
    }

    /// `forcelab.layout.stress(g [, {weight, dimensions, iterations, tolerance, seed, pivots, exactNodeLimit, scale}])`:
    /// lays the graph out by stress majorization and returns `{iterations =, converged =, sparse =}`.
    static let stress: LuaFunction = { L in
        GraphLua.mutating(L, "stress") { arguments, graph in
            let options = try LuaTableReader(arguments, 2, optional: true)
            try options.refuseUnknown(["weight", "dimensions", "iterations", "tolerance", "seed", "pivots", "exactNodeLimit", "scale"])
            var settings = StressOptions()
            settings.weight = try options.string("weight")
            settings.dimensions = try options.integer("dimensions") ?? settings.dimensions
            settings.iterations = try options.integer("iterations") ?? settings.iterations
            settings.tolerance = try options.number("tolerance") ?? settings.tolerance
            settings.seed = try options.integer("seed") ?? settings.seed
            settings.pivots = try options.integer("pivots") ?? settings.pivots
            settings.exactNodeLimit = try options.integer("exactNodeLimit") ?? settings.exactNodeLimit
            settings.scale = try options.number("scale") ?? settings.scale
            do {
                try settings.check()
            } catch let error as StressOptionError {
                throw arguments.error(2, "field '\(error.option)': \(error.problem)")
            }
            let outcome: StressOutcome
            do {
                outcome = try StressLayout.apply(to: graph.graph, options: settings)
            } catch let error as GraphError {
                throw arguments.error(2, "field 'weight': \(error)")
            }
            lua_createtable(arguments.L, 0, 3)
            lua_pushinteger(arguments.L, lua_Integer(outcome.iterations))
            lua_setfield(arguments.L, -2, "iterations")
            lua_pushboolean(arguments.L, outcome.converged ? 1 : 0)
            lua_setfield(arguments.L, -2, "converged")
            lua_pushboolean(arguments.L, outcome.sparse ? 1 : 0)
            lua_setfield(arguments.L, -2, "sparse")
            return 1
        }
    }
}
