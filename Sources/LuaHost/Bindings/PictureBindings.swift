import CLuaShim
import ForceSimulation
import GraphLayout
import GraphModel
import Render

/// The Lua face of pictures: `forcelab.svg.graph`, `forcelab.svg.radar`, `forcelab.svg.plot`, `forcelab.metrics`.
enum PictureBindings {
    /// `fl.svg.graph`, `fl.svg.radar`, `fl.svg.plot` and `fl.metrics`.
    static let functions: [LuaFunctionDeclaration] = [
        .init("svg.graph", graph, "(g: Graph, path: string, options?: table)", "draws the graph as SVG", options: [GraphPictureOptions.table, ViewportOptions.table, LayoutExplanationOptions.cells.table]),
        .init("svg.radar", radar, "(path: string, options: table)", "draws series over at least 3 axes as SVG", options: [RadarOptions.table, RadarAxisOptions.table, RadarSeriesOptions.table]),
        .init("svg.plot", plot, "(path: string, options: table)", "draws lines (a recording's series too) as SVG", options: [PlotOptions.table, PlotSeriesOptions.table, PlotIntervalOptions.table]),
        .init("metrics", metrics, "(g: Graph, options?: table): table", "the layout's quality figures (stress, crossings, ...)", options: [MetricsOptions.table]),
    ]

    /// `forcelab.svg.graph(g, path [, options])`: the graph as SVG (options: `GraphPictureOptions`).
    static let graph: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let luaGraph = try GraphBindings.graph(arguments)
            let path = try OutputPath.argument(arguments, 2, writing: "SVG", ext: "svg")
            let options = try OptionsReader(arguments, 3, GraphPictureOptions.table)
            var settings = try GraphPictureOptions.settings.read(options, styling: .init(graph: luaGraph))
            try explanations(options, luaGraph, into: &settings)
            var colouringField = settings.group
            if case .field(let name) = settings.nodeFill { colouringField = name }
            settings.legendTitle = settings.legendTitle ?? colouringField
            let scene = try GraphScene(graph: luaGraph.graph, group: settings.group)
            try OutputPath.deliver(try GraphSVG(scene: scene, options: settings).render(check: LuaLimits.checker(arguments.L)),
                                   to: path, as: "image/svg+xml", by: "fl.svg.graph", in: arguments.L)
            return 0
        }
    }

    /// The arrows and cells `LayoutExplanationOptions` asks for, drawn from the `simulation` option's layout of the
    /// graph drawn.
    private static func explanations(_ options: OptionsReader, _ graph: GraphHandle, into settings: inout GraphSVGOptions) throws {
        let arguments = options.fields.arguments, L = arguments.L
        let explanation = try LayoutExplanationOptions.settings.read(options), request = explanation.request
        guard !request.isEmpty else { return }
        guard let simulation = explanation.simulation else {
            throw arguments.error(options.fields.argument, "field '\(request.arrows.isEmpty ? "cells" : "arrows")' needs field 'simulation' (the simulation of the graph drawn)")
        }
        guard simulation.graph === graph else {
            throw arguments.error(options.fields.argument, "field 'simulation': it lays out another graph than the one drawn")
        }
        let layout = simulation.layout
        try simulation.running(in: L) {
            settings.arrows = try LayoutExplanations.arrows(request.arrows, of: layout)
            guard let cells = request.cells else { return }
            do {
                settings.cells = try LayoutExplanations.cells(cells, in: layout)
            } catch let error as ExplainError {
                throw arguments.error(options.fields.argument, "field 'cells': \(error)")
            } catch LayoutError.unknownNode(let id) {
                throw arguments.error(options.fields.argument, "field 'cells': no node with id '\(id)'")
            }
        }
    }

    /// `forcelab.svg.radar(path, {axes = {...}, series = {{name =, values = {...}}}, ...})` (options: `RadarOptions`).
    static let radar: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            OutputPath.pathOmitted(arguments.L)
            let path = try OutputPath.argument(arguments, 1, writing: "SVG", ext: "svg")
            let radar = try RadarOptions.settings.read(OptionsReader(arguments, 2, RadarOptions.table, required: true))
            try OutputPath.deliver(try radar.render(check: LuaLimits.checker(arguments.L)),
                                   to: path, as: "image/svg+xml", by: "fl.svg.radar", in: arguments.L)
            return 0
        }
    }

    /// `forcelab.svg.plot(path, {series = {{name =, x = {...}, y = {...}}}, title =, xLabel =, yLabel =})`; a series may
    /// also come from a recording: `{recording = rec, series = {"alpha", "energy"}}` (options: `PlotOptions`).
    static let plot: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            OutputPath.pathOmitted(arguments.L)
            let path = try OutputPath.argument(arguments, 1, writing: "SVG", ext: "svg")
            let settings = try PlotOptions.settings.read(OptionsReader(arguments, 2, PlotOptions.table, required: true))
            let plot = try settings.plotToDraw { arguments.error(2, $0) }
            try OutputPath.deliver(try plot.render(check: LuaLimits.checker(arguments.L)),
                                   to: path, as: "image/svg+xml", by: "fl.svg.plot", in: arguments.L)
            return 0
        }
    }

    /// `forcelab.metrics(g [, options])` (options: `MetricsOptions`).
    static let metrics: LuaFunction = { L in
        LuaBinding.run(L) { arguments in
            let luaGraph = try GraphBindings.graph(arguments)
            let settings = try MetricsOptions.settings.read(OptionsReader(arguments, 2, MetricsOptions.table), styling: .init(graph: luaGraph))
            if settings.only?.contains(.crossings) == true && !settings.countsCrossings {
                throw arguments.error(2, "field 'only' names 'crossings' but 'crossings' is false")
            }
            let pairs: [(String, Double)]
            do {
                pairs = try Metrics.measure(only: settings.figures, graph: luaGraph.graph, options: settings, check: LuaLimits.checker(arguments.L))
            } catch let error as GraphError where settings.weight != nil {
                throw arguments.error(2, "field 'weight': \(error)")
            }
            lua_createtable(arguments.L, 0, Int32(pairs.count))
            for (name, value) in pairs {
                if value == value.rounded() && ["crossings", "overlaps", "boxOverlaps", "sources"].contains(name) {
                    lua_pushinteger(arguments.L, lua_Integer(value))
                } else {
                    lua_pushnumber(arguments.L, value)
                }
                lua_setfield(arguments.L, -2, name)
            }
            return 1
        }
    }
}
