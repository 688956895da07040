import CLuaShim
import GraphLayout
import GraphModel
import Render

/// The Lua face of pictures: `forcelab.svg.graph`, `forcelab.svg.radar`, `forcelab.svg.plot`, `forcelab.metrics`.
enum PictureBindings {
    /// Adds `svg = {graph, radar, plot}` and `metrics` to the module table on top of the stack.
    static func register(_ L: OpaquePointer) {
        lua_createtable(L, 0, 3)
        LuaBinding.set(L, table: -1, "graph", graph)
        LuaBinding.set(L, table: -1, "radar", radar)
        LuaBinding.set(L, table: -1, "plot", plot)
        lua_setfield(L, -2, "svg")
        LuaBinding.set(L, table: -1, "metrics", metrics)
    }

    /// `forcelab.svg.graph(g, path [, options])`: the graph as SVG (see docs/lua-api.md for the options).
    static let graph: LuaFunction = { L in
        LuaBinding.run(L, "graph") { arguments in
            let luaGraph = try GraphBindings.graph(arguments)
            let graph = luaGraph.graph
            let path = try arguments.string(2)
            let options = try LuaTableReader(arguments, 3, optional: true)
            let group = try options.string("group") ?? "group"
            var settings = GraphSVGOptions()
            settings.width = try options.number("width", in: PictureSize.sides) ?? settings.width
            settings.height = try options.number("height", in: PictureSize.sides) ?? settings.height
            settings.padding = try options.number("padding") ?? settings.padding
            settings.title = try options.string("title")
            if options.has("background") { settings.background = try options.string("background") }
            settings.nodeStrokeWidth = try options.number("strokeWidth") ?? settings.nodeStrokeWidth
            settings.fontSize = try options.number("fontSize") ?? settings.fontSize
            settings.edgeStroke = try options.string("edgeStroke") ?? settings.edgeStroke
            settings.edgeStrokeWidth = try options.number("edgeWidth") ?? settings.edgeStrokeWidth
            settings.edgeOpacity = try options.number("edgeOpacity") ?? settings.edgeOpacity
            settings.legend = options.boolean("legend") ?? settings.legend
            settings.legendTitle = try options.string("legendTitle") ?? group
            if let name = try options.string("edgeType") {
                guard let type = EdgeType(rawValue: name) else { throw choiceError(arguments, "edgeType", name, EdgeType.allCases.map(\.rawValue)) }
                settings.edgeType = type
            }
            settings.markerEnd = try marker(arguments, options, "markerEnd")
            settings.markerStart = try marker(arguments, options, "markerStart")
            settings.labels = try labels(arguments, options)
            if let palette = try options.string("palette") {
                switch palette {
                case "tableau10": settings.palette = Palette.tableau10
                case "okabeIto": settings.palette = Palette.okabeIto
                default: throw choiceError(arguments, "palette", palette, ["tableau10", "okabeIto"])
                }
            }
            settings.viewport = try viewport(arguments, options)
            let scene = try GraphScenes.scene(graph, group: group)
            let style = NodeStyles(arguments: arguments, options: options, graph: luaGraph)
            settings.nodeFill = try style.colours("fill")
            if let stroke = try style.colours("stroke") { settings.nodeStroke = stroke }
            if let radius = try style.numbers("radius") { settings.nodeRadius = radius }
            try GraphSVG(scene: scene, options: settings).write(to: path)
            return 0
        }
    }

    static func choiceError(_ arguments: LuaArguments, _ field: String, _ value: String, _ choices: [String]) -> LuaError {
        arguments.error(3, "field '\(field)': unknown value '\(value)' (\(choices.joined(separator: ", ")))")
    }

    private static func marker(_ arguments: LuaArguments, _ options: LuaTableReader, _ field: String) throws -> EdgeMarker? {
        guard let name = try options.string(field) else { return nil }
        guard let marker = EdgeMarker(rawValue: name) else {
            throw choiceError(arguments, field, name, EdgeMarker.allCases.map(\.rawValue))
        }
        return marker
    }

    private static func labels(_ arguments: LuaArguments, _ options: LuaTableReader) throws -> LabelMode {
        let L = arguments.L
        defer { fl_pop(L, 1) }
        switch options.push("labels") {
        case LUA_TNIL: return .auto
        case LUA_TBOOLEAN: return lua_toboolean(L, -1) != 0 ? .always : .never
        case LUA_TSTRING:
            let name = LuaValues.string(L, -1)!
            guard let mode = LabelMode(rawValue: name) else {
                throw choiceError(arguments, "labels", name, LabelMode.allCases.map(\.rawValue))
            }
            return mode
        default: throw options.fieldError("labels", expected: "boolean or string")
        }
    }

    private static func viewport(_ arguments: LuaArguments, _ options: LuaTableReader) throws -> Render.Viewport {
        let L = arguments.L
        defer { fl_pop(L, 1) }
        switch options.push("viewport") {
        case LUA_TNIL: return .fit
        case LUA_TSTRING where LuaValues.string(L, -1) == "fit": return .fit
        case LUA_TTABLE:
            let view = LuaTableReader(arguments, tableAt: lua_gettop(L), argument: 3)
            return .explicit(zoom: try view.number("zoom") ?? 1, x: try view.number("x") ?? 0, y: try view.number("y") ?? 0)
        default: throw options.fieldError("viewport", expected: "\"fit\" or {zoom =, x =, y =}")
        }
    }

    /// `forcelab.svg.radar(path, {axes = {...}, series = {{name =, values = {...}}}, ...})`.
    static let radar: LuaFunction = { L in
        LuaBinding.run(L, "radar") { arguments in
            let path = try arguments.string(1)
            let spec = try LuaTableReader(arguments, 2)
            let axes: [Radar.Axis] = try GraphConversions.nested(spec, "axes") { list in
                try list.elements { type, i in
                    switch type {
                    case LUA_TSTRING: return Radar.Axis(LuaValues.string(arguments.L, -1)!)
                    case LUA_TTABLE:
                        let axis = LuaTableReader(arguments, tableAt: lua_gettop(arguments.L), argument: 2)
                        return Radar.Axis(try axis.string("name") ?? "axis \(i)", min: try axis.number("min"), max: try axis.number("max"))
                    default: throw arguments.error(2, "axes[\(i)]: name or {name =, min =, max =} expected")
                    }
                }
            }
            let series = try seriesList(arguments, spec) { reader, name in
                Radar.Series(name, values: try numbers(arguments, reader, "values"), colour: try reader.string("colour") ?? reader.string("color"))
            }
            var options = Radar.Options()
            options.width = try spec.number("width", in: PictureSize.sides) ?? options.width
            options.height = try spec.number("height", in: PictureSize.sides) ?? options.height
            options.title = try spec.string("title")
            options.divisions = try spec.integer("divisions") ?? options.divisions
            if let grid = try spec.string("grid") {
                guard let value = Radar.Grid(rawValue: grid) else { throw arguments.error(2, "field 'grid': unknown value '\(grid)' (\(Radar.Grid.allCases.map(\.rawValue).joined(separator: ", ")))") }
                options.grid = value
            }
            if let scale = try spec.string("scale") {
                guard let value = Radar.Scale(rawValue: scale) else { throw arguments.error(2, "field 'scale': unknown value '\(scale)' (\(Radar.Scale.allCases.map(\.rawValue).joined(separator: ", ")))") }
                options.scale = value
            }
            options.min = try spec.number("min")
            options.max = try spec.number("max")
            options.fillOpacity = try spec.number("fillOpacity") ?? options.fillOpacity
            options.legend = spec.boolean("legend") ?? options.legend
            try Radar(axes: axes, series: series, options: options).write(to: path)
            return 0
        }
    }

    /// `forcelab.svg.plot(path, {series = {{name =, x = {...}, y = {...}}}, title =, xLabel =, yLabel =})`; a series may
    /// also come from a recording: `{recording = rec, series = {"alpha", "energy"}}`.
    static let plot: LuaFunction = { L in
        LuaBinding.run(L, "plot") { arguments in
            let path = try arguments.string(1)
            let spec = try LuaTableReader(arguments, 2)
            var series: [Plot.Series] = []
            if spec.push("recording") != LUA_TNIL {
                guard let recording = LuaObject.get(arguments.L, -1, LayoutRecording.self) else {
                    throw spec.fieldError("recording", expected: "Recording")
                }
                fl_pop(arguments.L, 1)
                let names = try strings(arguments, spec, "series")
                series = try (names.isEmpty ? recording.seriesNames : names).map { name in
                    guard let values = recording.series(name) else {
                        throw arguments.error(2, "the recording has no series '\(name)' (it has \(recording.seriesNames.joined(separator: ", ")))")
                    }
                    return Plot.Series(name, x: recording.ticks.map(Double.init), y: values)
                }
            } else {
                fl_pop(arguments.L, 1)
                series = try seriesList(arguments, spec) { reader, name in
                    let y = try numbers(arguments, reader, "y")
                    let colour = try reader.string("colour") ?? reader.string("color")
                    if reader.has("x") { return Plot.Series(name, x: try numbers(arguments, reader, "x"), y: y, colour: colour) }
                    return Plot.Series(name, y: y, colour: colour)
                }
            }
            var options = Plot.Options()
            options.width = try spec.number("width", in: PictureSize.sides) ?? options.width
            options.height = try spec.number("height", in: PictureSize.sides) ?? options.height
            options.title = try spec.string("title")
            options.xLabel = try spec.string("xLabel") ?? (spec.has("recording") ? "tick" : nil)
            options.yLabel = try spec.string("yLabel")
            options.xMin = try spec.number("xMin")
            options.xMax = try spec.number("xMax")
            options.yMin = try spec.number("yMin")
            options.yMax = try spec.number("yMax")
            options.legend = spec.boolean("legend") ?? options.legend
            try Plot(series: series, options: options).write(to: path)
            return 0
        }
    }

    /// Reads `series = {{name =, ...}, ...}` with `convert`.
    private static func seriesList<T>(_ arguments: LuaArguments, _ spec: LuaTableReader, _ convert: (LuaTableReader, String) throws -> T) throws -> [T] {
        try GraphConversions.nested(spec, "series") { list in
            try list.elements { type, i in
                guard type == LUA_TTABLE else { throw arguments.error(2, "series[\(i)]: table expected") }
                let reader = LuaTableReader(arguments, tableAt: lua_gettop(arguments.L), argument: 2)
                return try convert(reader, try reader.string("name") ?? "series \(i)")
            }
        }
    }

    /// A list of numbers in field `name`.
    static func numbers(_ arguments: LuaArguments, _ reader: LuaTableReader, _ name: String) throws -> [Double] {
        try GraphConversions.nested(reader, name) { list in
            try list.elements { type, i in
                guard type == LUA_TNUMBER else {
                    throw arguments.error(reader.argument, "field '\(name)'[\(i)]: number expected, got \(LuaValues.typeName(arguments.L, -1))")
                }
                return fl_tonumber(arguments.L, -1)
            }
        }
    }

    /// A list of strings in field `name` (empty when absent).
    static func strings(_ arguments: LuaArguments, _ reader: LuaTableReader, _ name: String) throws -> [String] {
        guard reader.has(name) else { return [] }
        return try GraphConversions.nested(reader, name) { list in
            try list.elements { type, i in
                guard type == LUA_TSTRING else { throw arguments.error(reader.argument, "field '\(name)'[\(i)]: string expected") }
                return LuaValues.string(arguments.L, -1)!
            }
        }
    }

    /// `forcelab.metrics(g [, {radius =, sampleSources =, exactNodeLimit =, exactCrossingLimit =, seed =}])`.
    static let metrics: LuaFunction = { L in
        LuaBinding.run(L, "metrics") { arguments in
            let luaGraph = try GraphBindings.graph(arguments)
            let graph = luaGraph.graph
            let options = try LuaTableReader(arguments, 2, optional: true)
            var settings = Metrics.Options()
            settings.exactNodeLimit = try options.integer("exactNodeLimit") ?? settings.exactNodeLimit
            settings.sampleSources = try options.integer("sampleSources") ?? settings.sampleSources
            settings.exactCrossingLimit = try options.integer("exactCrossingLimit") ?? settings.exactCrossingLimit
            settings.seed = UInt32(truncatingIfNeeded: try options.integer("seed") ?? 1)
            let style = NodeStyles(arguments: arguments, options: options, graph: luaGraph, argument: 2)
            let radii = try style.numbers("radius").map { value -> [Double] in
                switch value {
                case .constant(let r): return Array(repeating: r, count: graph.nodeCount)
                case .values(let values): return values
                case .compute(let f): return (0..<graph.nodeCount).map(f)
                }
            }
            let points = try GraphScenes.points(graph)
            let result = try Metrics.measure(positions: points.positions, edges: points.edges, radii: radii, options: settings)
            lua_createtable(arguments.L, 0, Int32(result.pairs.count))
            for pair in result.pairs {
                if pair.value == pair.value.rounded() && ["crossings", "overlaps", "sources"].contains(pair.name) {
                    lua_pushinteger(arguments.L, lua_Integer(pair.value))
                } else {
                    lua_pushnumber(arguments.L, pair.value)
                }
                lua_setfield(arguments.L, -2, pair.name)
            }
            return 1
        }
    }
}
