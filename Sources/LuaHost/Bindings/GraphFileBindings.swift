import CLuaShim
import GraphModel

/// The Lua face of graph files and generators: `forcelab.graph.load`, `forcelab.graph.generate`, `g:save`.
enum GraphFileBindings {
    /// `fl.graph.load`, `fl.graph.generate` and `fl.graph.generators`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("graph.load", load, "(path: string, options?: table): Graph", "reads a graph file", options: [GraphFileOptions.load]),
        .init("graph.generate", generate, "(kind: string, options?: table): Graph", "a generated graph of a kind (fl.graph.generators)", options: GraphGenerator.allCases.map(GenerateOptions.table)),
    ]

    /// `fl.graph.generators`.
    static let fields: [LuaFieldDeclaration] = [
        LuaFieldDeclaration("graph.generators", "string[]", "the kinds fl.graph.generate makes") { L in
            GraphConversions.pushStrings(L, GraphGenerator.allCases.map(\.rawValue))
        },
    ]

    /// `g:save`, a graph's method declared here beside its binding.
    static let saveDeclaration = LuaFunctionDeclaration(
        "save", save, "(path: string, options?: table): Graph", "writes the graph atomically, in the format of its extension or the one given", options: [GraphFileOptions.save])

    /// `forcelab.graph.load(path [, {format =}])`.
    static let load: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let path = try arguments.path(1)
            let settings = try GraphFileOptions.loading.read(arguments, 2)
            let graph = try FileCallErrors.naming("fl.graph.load") {
                try Graph.load(path: path, format: settings.format, check: LuaLimits.checker(arguments.L))
            }
            GraphBindings.push(arguments.L, graph)
            return 1
        }
    }

    /// `g:save(path [, {format =, lossy =}])`: written atomically; what the format cannot hold is refused unless
    /// `lossy`. Returns the graph and the list of what was left out (one line per kind), which is also noted on
    /// standard error.
    static let save: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let graph = try GraphBindings.graph(arguments).graph
            let path = try arguments.path(2)
            let settings = try GraphFileOptions.saving.read(arguments, 3)
            let leftOut = try FileCallErrors.naming("g:save") { try graph.save(path: path, format: settings.format, lossy: settings.lossy) }
            for line in leftOut { StandardStream.writeDisplay("forcelab: g:save: \(PathText.short(path)): left out \(line)\n") }
            lua_settop(arguments.L, 1)
            LuaValues.push(arguments.L, DataValue.array(leftOut.map(DataValue.string)))
            return 2
        }
    }

    /// `forcelab.graph.generate(kind [, options])`: the options are read against the kind's declaration.
    static let generate: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let name = try arguments.string(1)
            guard let kind = GraphGenerator(name: name) else {
                throw arguments.error(1, "unknown graph kind '\(name)' (known: \(GraphGenerator.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let parameters = try GenerateOptions.settings(kind).read(arguments, 2)
            let graph: Graph
            do {
                graph = try Graph.generate(kind, parameters: parameters, check: LuaLimits.checker(arguments.L))
            } catch let refusal as GeneratorOptionError {
                throw arguments.error(2, refusal.option.map { "field '\($0)': \(refusal.reason)" } ?? refusal.reason)
            }
            GraphBindings.push(arguments.L, graph)
            return 1
        }
    }
}
