import CLuaShim
import GraphModel

/// The Lua face of the graph algorithms that label nodes for colouring and analysis: `fl.graph.components`,
/// `fl.graph.cores` and `fl.graph.communities`. Each writes a node data field (usable as a picture's `group`) and
/// returns what it found.
enum GraphAlgorithmBindings {
    /// `fl.graph.components`, `fl.graph.cores` and `fl.graph.communities`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("graph.components", components, "(g: Graph, options?: table): integer", "numbers each node's component in a node data field; returns how many there are", options: [GraphAlgorithmOptions.components]),
        .init("graph.cores", cores, "(g: Graph, options?: table): integer", "writes each node's core number to a node data field; returns the largest (the degeneracy)", options: [GraphAlgorithmOptions.cores]),
        .init("graph.communities", communities, "(g: Graph, options?: table): integer", "numbers each node's community in a node data field; returns how many there are", options: [GraphAlgorithmOptions.communities]),
    ]

    /// Writes `numbers` (one per node, in node order) to the node data field `field`.
    private static func write(_ numbers: [Int], to field: String, of graph: Graph) throws {
        try graph.setNodeData(field, numbers.map { .integer($0) })
    }

    /// `fl.graph.components(g [, {field =, strong =}])`: the number of components.
    static let components: LuaFunction = { L in
        GraphBindings.graphFunction(L, GraphAlgorithmOptions.componentSettings) { arguments, graph, settings in
            let found = try graph.connectedComponents(strong: settings.strong, meter: WorkMeter(LuaLimits.checker(arguments.L)))
            try write(found.numbers, to: settings.field, of: graph)
            lua_pushinteger(arguments.L, lua_Integer(found.count))
            return 1
        }
    }

    /// `fl.graph.cores(g [, {field =}])`: the largest core number (the graph's degeneracy).
    static let cores: LuaFunction = { L in
        GraphBindings.graphFunction(L, GraphAlgorithmOptions.coreSettings) { arguments, graph, settings in
            let numbers = try graph.coreNumbers(meter: WorkMeter(LuaLimits.checker(arguments.L)))
            try write(numbers, to: settings.field, of: graph)
            lua_pushinteger(arguments.L, lua_Integer(numbers.max() ?? 0))
            return 1
        }
    }

    /// `fl.graph.communities(g [, {field =, seed =, resolution =, weight =}])`: the number of communities and the
    /// modularity.
    static let communities: LuaFunction = { L in
        GraphBindings.graphFunction(L, GraphAlgorithmOptions.communitySettings) { arguments, graph, settings in
            let found: (numbers: [Int], count: Int, modularity: Double)
            do {
                found = try graph.louvainCommunities(settings, meter: WorkMeter(LuaLimits.checker(arguments.L)))
            } catch let error as GraphError where settings.weight != nil {
                throw arguments.error(2, "field 'weight': \(error)")
            }
            try write(found.numbers, to: settings.field, of: graph)
            lua_pushinteger(arguments.L, lua_Integer(found.count))
            lua_pushnumber(arguments.L, found.modularity)
            return 2
        }
    }
}
