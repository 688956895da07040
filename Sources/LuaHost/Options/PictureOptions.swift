import GraphModel
import Render

/// The options of `fl.svg.graph(g, path, options)`; the defaults are the renderer's own.
public enum GraphPictureOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = GraphSVGOptions()
        return LuaOptionTable("fl.svg.graph", [
            .number("width", default: settings.width, in: PictureSize.sides, "picture width in pixels"),
            .number("height", default: settings.height, in: PictureSize.sides, "picture height in pixels"),
            .number("padding", default: settings.padding, in: StyleNumbers.length, "space kept free around the content when fitting"),
            LuaOption("viewport", .custom("`\"fit\"` or `{zoom =, x =, y =}`"), default: .text("fit"), "fit the content, or React Flow's viewport: a pixel is world × zoom + (x, y)"),
            .string("title", "title drawn at the top"),
            .string("background", default: settings.background, "background colour (`\"none\"`: transparent)"),
            LuaOption("fill", .nodeColour, default: .described("by `group`, from `palette`"), "node fill; a data field whose values are not colours is mapped to `palette`"),
            .string("group", default: "group", "the node data field that colours nodes and makes the legend when `fill` is not given"),
            .choice("palette", Palette.Name.self, default: Palette.Name(colours: settings.palette), "the colours of groups, and of `fill` by a data field"),
            LuaOption("stroke", .nodeColour, default: constant(settings.nodeStroke), "node outline colour"),
            .number("strokeWidth", default: settings.nodeStrokeWidth, in: StyleNumbers.length, "node outline width in pixels (at most a quarter of a circle's radius, so the outline never hides the node)"),
            LuaOption("radius", .nodeNumber, default: constant(settings.nodeRadius), "circle radius in world units (drawn at least \(LuaOption.format(GraphSVG.leastDrawnRadius)) pixel in radius, so every node shows; 0 hides it)"),
            LuaOption("labels", .custom("`true` (`\"always\"`), `false` (`\"never\"`) or `\"auto\"`"), default: .text(settings.labels.rawValue), "which node labels are drawn (auto: boxes always, circles when few and not overlapping)"),
            .number("fontSize", default: settings.fontSize, in: StyleNumbers.fontSize, "label font size in pixels"),
            .choice("edgeType", EdgeType.self, default: settings.edgeType, "edge routing"),
            .choice("markerEnd", EdgeMarker.self, "arrow head at the target end"),
            .choice("markerStart", EdgeMarker.self, "arrow head at the source end"),
            LuaOption("edgeStroke", .edgeColour, default: constant(settings.edgeStroke), "edge colour; a data field whose values are not colours is mapped to `palette`, with a legend"),
            LuaOption("edgeWidth", .edgeNumber, default: constant(settings.edgeStrokeWidth), "edge width in pixels"),
            .number("edgeOpacity", default: settings.edgeOpacity, in: StyleNumbers.opacity, "edge opacity"),
            .number("edgeOffset", default: settings.edgeOffset, in: StyleNumbers.length, "how far step edges run straight out of a node before turning, and the least bulge of bezier edges, in pixels"),
            .number("edgeBorderRadius", default: settings.edgeBorderRadius, in: StyleNumbers.length, "corner radius of smoothstep edges in pixels"),
            .boolean("legend", default: settings.legend, "draw a legend of the groups when nodes are coloured by group"),
            .string("legendTitle", described: "the `group` field's name", "heading of the legend"),
            .string("frameFill", default: settings.frameFill, "fill of parent frames"),
            .string("frameStroke", default: settings.frameStroke, "outline of parent frames"),
            .boolean("fixedMark", default: settings.fixedMark, "ring the nodes that have a fixed coordinate (`fx` or `fy`)"),
            LuaOption("simulation", .custom("a simulation of the graph drawn"), "the simulation whose velocities, forces and cells `arrows` and `cells` draw"),
            LuaOption("arrows", .custom("`\"velocity\"`, `\"force\"` or `{\"velocity\", \"force\"}`"), "arrows from each node of `simulation`: its velocity, and the net force on it (the velocity change one application of the forces makes at the current alpha; the simulation is left as it was)"),
            .number("arrowScale", described: "the longest arrow is \(LuaOption.format(GraphSVGOptions.longestArrow)) pixels", in: StyleNumbers.scale, "world units of arrow per unit of velocity (1: the distance a node moves in one tick)"),
            LuaOption("cells", .table("{node = id, theta =, force =}"), "the Barnes-Hut cells a node's many-body sum in `simulation` uses: taken as one body (filled faintly), opened (outlined), points taken one by one (dotted)"),
        ])
    }()

    /// The options that style nodes and edges, which `fl.live` takes too (declared here once).
    public static let elementStyleNames = [
        "fill", "group", "palette", "stroke", "strokeWidth", "radius", "labels", "edgeStroke", "edgeWidth", "edgeOpacity",
    ]

    /// The declarations of `elementStyleNames`, in `table`'s order.
    public static var elementStyles: [LuaOption] { table.options.filter { elementStyleNames.contains($0.name) } }

    /// The fields of `cells = {...}`.
    public static let cells = LuaOptionTable("fl.svg.graph cells", [
        LuaOption("node", .string, default: .required, "the id of the node whose sum is drawn"),
        .number("theta", described: "the force's theta", in: 0...1e6, "the Barnes-Hut theta: a cell is one body when its width / distance < theta"),
        .string("force", described: "the simulation's one many-body force", "the name of the many-body force"),
    ])

    /// A constant per-node default as the docs write it.
    private static func constant<T>(_ value: StyleValue<T>) -> LuaOption.Default {
        switch value {
        case .constant(let number as Double): return .number(number)
        case .constant(let text as String): return .text(text)
        default: return .described("per node")
        }
    }
}

/// The options of `fl.svg.radar(path, options)`; the defaults are the renderer's own.
public enum RadarOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = Radar.Options()
        return LuaOptionTable("fl.svg.radar", [
            LuaOption("axes", .table("{\"a\", \"b\", ...} or {{name =, min =, max =, better =}, ...}"), default: .required, "the axes, clockwise from the top (at least 3)"),
            LuaOption("series", .table("{{name =, values = {...}, colour =}, ...}"), default: .required, "one value per axis for each series"),
            .number("width", default: settings.width, in: PictureSize.sides, "picture width in pixels"),
            .number("height", default: settings.height, in: PictureSize.sides, "picture height in pixels"),
            .string("title", "title drawn at the top"),
            .integer("divisions", default: settings.divisions, in: Radar.Options.divisionsRange, "the number of grid rings"),
            .choice("grid", Radar.Grid.self, default: settings.grid, "the ring shape"),
            .choice("scale", Radar.Scale.self, default: settings.scale, "one range for all axes, or one per axis"),
            .number("min", described: "0 unless a value is negative", in: StyleNumbers.coordinate, "the shared centre value"),
            .number("max", described: "a round value at or above the largest", in: StyleNumbers.coordinate, "the shared outer value"),
            .number("fillOpacity", default: settings.fillOpacity, in: StyleNumbers.opacity, "fill opacity of the series"),
            .number("strokeWidth", default: settings.strokeWidth, in: StyleNumbers.length, "outline width of the series in pixels"),
            .number("markerRadius", default: settings.markerRadius, in: StyleNumbers.length, "radius of the point markers in pixels (0: none)"),
            .choice("palette", Palette.Name.self, default: Palette.Name(colours: settings.palette), "series colours, in order"),
            .boolean("legend", default: settings.legend, "draw the series legend"),
            .number("fontSize", default: settings.fontSize, in: StyleNumbers.fontSize, "axis label font size in pixels"),
            .number("padding", default: settings.padding, in: StyleNumbers.length, "space kept free at the picture's edges"),
        ])
    }()
}

/// The options of `fl.svg.plot(path, options)`; the defaults are the renderer's own.
public enum PlotOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let settings = Plot.Options()
        return LuaOptionTable("fl.svg.plot", [
            LuaOption("series", .table("{{name =, x = {...}, y = {...}, ...}, ...}; with `recording`, names or {name =, axis =, ...}"), default: .described("required, except with `recording`: all its series"), "the lines"),
            LuaOption("recording", .custom("a recording (`sim:record`)"), "plot the recording's series (by default all of them) against the tick"),
            .number("width", default: settings.width, in: PictureSize.sides, "picture width in pixels"),
            .number("height", default: settings.height, in: PictureSize.sides, "picture height in pixels"),
            .string("title", "title drawn at the top"),
            .string("xLabel", described: "`\"tick\"` with a recording", "x axis label"),
            .string("yLabel", "y axis label"),
            .number("xMin", described: "from the data", in: StyleNumbers.coordinate, "x axis start"),
            .number("xMax", described: "from the data", in: StyleNumbers.coordinate, "x axis end"),
            .number("yMin", described: "from the data", in: StyleNumbers.coordinate, "y axis start"),
            .number("yMax", described: "from the data", in: StyleNumbers.coordinate, "y axis end"),
            .choice("xScale", Plot.AxisScale.self, default: settings.xScale, "x axis scale (`\"log\"`: values above 0, ticks at powers of ten)"),
            .choice("yScale", Plot.AxisScale.self, default: settings.yScale, "y axis scale"),
            .string("y2Label", "label of the second y axis, on the right (for series with `axis = \"right\"`)"),
            .number("y2Min", described: "from its series", in: StyleNumbers.coordinate, "second y axis start"),
            .number("y2Max", described: "from its series", in: StyleNumbers.coordinate, "second y axis end"),
            .choice("y2Scale", Plot.AxisScale.self, default: settings.y2Scale, "second y axis scale"),
            .choice("palette", Palette.Name.self, default: Palette.Name(colours: settings.palette), "series colours, in order"),
            .number("strokeWidth", default: settings.strokeWidth, in: StyleNumbers.length, "line width in pixels"),
            .boolean("legend", default: settings.legend, "draw the series legend"),
            .number("fontSize", default: settings.fontSize, in: StyleNumbers.fontSize, "label font size in pixels"),
            .number("padding", default: settings.padding, in: StyleNumbers.length, "space kept free at the picture's edges"),
        ])
    }()
}

/// The fields of `fl.svg.graph`'s `viewport = {zoom =, x =, y =}`; the defaults are a saved React Flow viewport's.
public enum ViewportOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let saved = SavedViewport()
        return LuaOptionTable("fl.svg.graph viewport", [
            .number("zoom", default: saved.zoom, in: StyleNumbers.zoom, "pixels per world unit"),
            .number("x", default: saved.x, in: StyleNumbers.coordinate, "horizontal translation in pixels"),
            .number("y", default: saved.y, in: StyleNumbers.coordinate, "vertical translation in pixels"),
        ])
    }()
}

/// The fields of one entry of `fl.svg.radar`'s `axes` given as a table.
public enum RadarAxisOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.radar axis", [
        .string("name", described: "`\"axis i\"`", "the axis label"),
        .number("min", described: "the chart's range", in: StyleNumbers.coordinate, "the value at the centre (with `scale = \"perAxis\"`)"),
        .number("max", described: "the chart's range", in: StyleNumbers.coordinate, "the value at the rim (with `scale = \"perAxis\"`)"),
        .choice("better", Radar.Better.self, "which way is better (`\"lower\"`: nearer the centre), written under the axis name"),
    ])
}

/// The fields of one entry of `fl.svg.radar`'s `series`.
public enum RadarSeriesOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.radar series", [
        .string("name", described: "`\"series i\"`", "the legend entry"),
        LuaOption("values", .table("{number, ...}"), default: .required, "one value per axis"),
        .string("colour", described: "from `palette`", "the series colour"),
        .string("color", described: "from `palette`", "the same as `colour`"),
    ])
}

/// The fields of one entry of `fl.svg.plot`'s `series` given as a table; the defaults are a plot series' own.
public enum PlotSeriesOptions {
    /// The declaration.
    public static let table: LuaOptionTable = {
        let series = Plot.Series("", y: [])
        return LuaOptionTable("fl.svg.plot series", [
            .string("name", described: "`\"series i\"`", "the legend entry (with `recording`: the recording's series)"),
            LuaOption("x", .table("{number, ...}"), default: .described("0, 1, 2, ..."), "x values, as many as y values (not with `recording`)"),
            LuaOption("y", .table("{number, ...}"), default: .described("required without `recording`"), "y values (not with `recording`)"),
            .string("colour", described: "from `palette`", "the line colour"),
            .string("color", described: "from `palette`", "the same as `colour`"),
            LuaOption("band", .table("{lower = {...}, upper = {...}} or {deviation = {...}}"), "a shaded band around the line (`deviation`: y ± it at each point, such as mean ± sd)"),
            LuaOption("errorBars", .table("{lower = {...}, upper = {...}} or {deviation = {...}}"), "error bars at each point, given as `band` is"),
            .choice("marker", PlotMarker.self, default: series.marker, "the shape drawn at each point"),
            .boolean("line", default: series.line, "join the points by a line"),
            .choice("dash", PlotDash.self, default: series.dash, "the line's pattern (the legend shows it), to tell lines apart beyond the palette's colours"),
            .choice("axis", Plot.YAxis.self, default: series.axis, "the y axis the series is drawn against"),
        ])
    }()
}

/// The fields of a plot series' `band` and `errorBars`.
public enum PlotIntervalOptions {
    /// The declaration.
    public static let table = LuaOptionTable("fl.svg.plot band", [
        LuaOption("lower", .table("{number, ...}"), "the lower bound at each point (with `upper`)"),
        LuaOption("upper", .table("{number, ...}"), "the upper bound at each point (with `lower`)"),
        LuaOption("deviation", .table("{number, ...}"), "instead of bounds: y - deviation to y + deviation at each point"),
    ])
}
