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
        LuaBinding.run(L, "graph") { arguments in
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
        let request = try LayoutExplanationOptions.settings.read(options)
        guard !request.isEmpty else { return }
        defer { fl_pop(L, 1) }
        guard options.push("simulation") != LUA_TNIL else {
            throw arguments.error(options.fields.argument, "field '\(request.arrows.isEmpty ? "cells" : "arrows")' needs field 'simulation' (the simulation of the graph drawn)")
        }
        guard let simulation = LuaObject.get(L, -1, SimulationHandle.self) else {
            throw options.error("simulation", expected: "Simulation", got: LuaValues.typeName(L, -1))
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
        LuaBinding.run(L, "radar") { arguments in
            OutputPath.pathOmitted(arguments.L)
            let path = try OutputPath.argument(arguments, 1, writing: "SVG", ext: "svg")
            let spec = try OptionsReader(arguments, 2, RadarOptions.table, required: true)
            let axes: [Radar.Axis] = try entries(spec, "axes") { type, i in
                switch type {
                case LUA_TSTRING: return Radar.Axis(LuaValues.string(arguments.L, -1)!)
                case LUA_TTABLE: return try RadarAxisOptions.settings.read(entry(spec), into: Radar.Axis("axis \(i)"))
                default: throw arguments.error(2, "axes[\(i)]: name or {name =, min =, max =, better =} expected")
                }
            }
            let series = try seriesList(spec) { fields, i in
                try RadarSeriesOptions.settings.read(fields, into: Radar.Series("series \(i)", values: []))
            }
            let options = try RadarOptions.settings.read(spec)
            try OutputPath.deliver(try Radar(axes: axes, series: series, options: options).render(check: LuaLimits.checker(arguments.L)),
                                   to: path, as: "image/svg+xml", by: "fl.svg.radar", in: arguments.L)
            return 0
        }
    }

    /// `forcelab.svg.plot(path, {series = {{name =, x = {...}, y = {...}}}, title =, xLabel =, yLabel =})`; a series may
    /// also come from a recording: `{recording = rec, series = {"alpha", "energy"}}` (options: `PlotOptions`).
    static let plot: LuaFunction = { L in
        LuaBinding.run(L, "plot") { arguments in
            OutputPath.pathOmitted(arguments.L)
            let path = try OutputPath.argument(arguments, 1, writing: "SVG", ext: "svg")
            let spec = try OptionsReader(arguments, 2, PlotOptions.table, required: true)
            var series: [Plot.Series] = []
            let fromRecording = spec.push("recording") != LUA_TNIL
            if fromRecording {
                guard let recording = LuaObject.get(arguments.L, -1, LayoutRecording.self) else {
                    throw spec.fields.fieldError("recording", expected: "Recording")
                }
                fl_pop(arguments.L, 1)
                // Each chosen series as a styled line whose values come from the recording below.
                let chosen = try entries(spec, "series") { type, i -> Plot.Series in
                    switch type {
                    case LUA_TSTRING: return Plot.Series(LuaValues.string(arguments.L, -1)!, y: [])
                    case LUA_TTABLE:
                        let reader = try OptionsReader(entry(spec), PlotSeriesOptions.table)
                        for given in PlotSeriesOptions.fromTheRecording.map(\.option.name) where reader.has(given) {
                            throw arguments.error(2, "series[\(i)]: '\(given)' comes from the recording")
                        }
                        guard reader.has(PlotSeriesOptions.name.option.name) else { throw arguments.error(2, "series[\(i)]: the recording's series name expected") }
                        return try PlotSeriesOptions.settings.read(reader)
                    default: throw arguments.error(2, "series[\(i)]: a series name or {name =, ...} expected")
                    }
                }
                series = try (chosen.isEmpty ? recording.seriesNames.map { Plot.Series($0, y: []) } : chosen).map { chosen in
                    guard let values = recording.series(chosen.name) else {
                        throw arguments.error(2, "the recording has no series '\(chosen.name)' (it has \(recording.seriesNames.joined(separator: ", ")))")
                    }
                    var line = chosen
                    line.x = recording.ticks.map(Double.init)
                    line.y = values
                    return line
                }
            } else {
                fl_pop(arguments.L, 1)
                series = try seriesList(spec) { fields, i in
                    let reader = try OptionsReader(fields, PlotSeriesOptions.table)
                    guard reader.has(PlotSeriesOptions.y.option.name) else { throw arguments.error(2, "field '\(PlotSeriesOptions.y.option.name)' is required") }
                    var line = try PlotSeriesOptions.settings.read(reader, into: Plot.Series("series \(i)", y: []))
                    // Without x, the points are at 0, 1, 2, ...
                    if !reader.has(PlotSeriesOptions.x.option.name) { line.x = line.y.indices.map(Double.init) }
                    return line
                }
            }
            var options = try PlotOptions.settings.read(spec)
            if fromRecording, options.xLabel == nil { options.xLabel = "tick" }
            try OutputPath.deliver(try Plot(series: series, options: options).render(check: LuaLimits.checker(arguments.L)),
                                   to: path, as: "image/svg+xml", by: "fl.svg.plot", in: arguments.L)
            return 0
        }
    }

    /// Maps the elements of the list in option `name` (absent: none); each is on top of the stack while `body` runs.
    private static func entries<T>(_ spec: OptionsReader, _ name: String, _ body: (Int32, Int) throws -> T) throws -> [T] {
        guard try spec.pushTable(name) else { return [] }
        defer { fl_pop(spec.fields.arguments.L, 1) }
        let list = LuaTableReader(spec.fields.arguments, tableAt: lua_gettop(spec.fields.arguments.L), argument: spec.fields.argument)
        return try list.elements(of: LuaOption.subject(name, inTable: true), body)
    }

    /// The fields of the table on top of the stack.
    private static func entry(_ spec: OptionsReader) -> LuaTableReader {
        LuaTableReader(spec.fields.arguments, tableAt: lua_gettop(spec.fields.arguments.L), argument: spec.fields.argument)
    }

    /// Reads `series = {{name =, ...}, ...}` with `convert`, given each entry's fields and place.
    private static func seriesList<T>(_ spec: OptionsReader, _ convert: (LuaTableReader, Int) throws -> T) throws -> [T] {
        try entries(spec, "series") { type, i in
            guard type == LUA_TTABLE else { throw spec.fields.arguments.error(2, "series[\(i)]: table expected") }
            return try convert(entry(spec), i)
        }
    }

    /// `forcelab.metrics(g [, options])` (options: `MetricsOptions`).
    static let metrics: LuaFunction = { L in
        LuaBinding.run(L, "metrics") { arguments in
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
